import { FAILURE_MEMORY_MS } from '@/server/services/rate-limits/sign-in';
import { optimizeDatabase } from '@/server/queries/maintenance';
import { deleteExpiredSessions } from '@/server/queries/sessions';
import { deleteEventsBefore } from '@/server/queries/rate-limits';
import type { Job } from '@/server/jobs/runner';

const HOUR_MS = 3_600_000;

/**
 * Hourly clean-up: rate-limit and sign-in events older than any window they count in, and
 * sessions past their end (those tables stay as small as their windows, so the checks made
 * on every submission stay quick); then the query planner's statistics are refreshed.
 */
export const housekeepingJob: Job = {
  name: 'housekeeping',
  nextRunAfter: (after) => new Date(after.getTime() + HOUR_MS),
  run: async ({ now }) => {
    const events = await deleteEventsBefore(new Date(now.getTime() - FAILURE_MEMORY_MS));
    const sessions = await deleteExpiredSessions(now);
    await optimizeDatabase();
    return `Removed ${events} old rate-limit events and ${sessions} expired sessions.`;
  },
};
