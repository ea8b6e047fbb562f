import { FAILURE_MEMORY_MS } from '@/server/services/rate-limits/rules';
import { optimizeDatabase } from '@/server/queries/maintenance';
import { deleteExpiredSessions } from '@/server/queries/sessions';
import { deleteEventsBefore } from '@/server/queries/rate-limits';
import { deletePagePurgesBefore } from '@/server/queries/page-purges';
import { pruneReadership } from '@/server/services/readership/views';
import { deleteSpentMailCharts } from '@/server/services/mail/mail-charts';
import type { Job } from '@/server/jobs/runner';

const HOUR_MS = 3_600_000;
/** Page purges are kept a day: every running process has applied them long before (one that slept longer renews its whole cache). */
const PURGE_LOG_MS = 24 * HOUR_MS;

/**
 * Hourly clean-up: rate-limit and sign-in events older than any window they count in, and
 * sessions past their end (those tables stay as small as their windows, so the checks made
 * on every submission stay quick), page purges a day old, mail charts no message needs; then the query planner's
 * statistics are refreshed.
 */
export const housekeepingJob: Job = {
  name: 'housekeeping',
  nextRunAfter: (after) => new Date(after.getTime() + HOUR_MS),
  run: async ({ now }) => {
    const events = await deleteEventsBefore(new Date(now.getTime() - FAILURE_MEMORY_MS));
    const sessions = await deleteExpiredSessions(now);
    const purges = await deletePagePurgesBefore(new Date(now.getTime() - PURGE_LOG_MS));
    const readership = await pruneReadership(now);
    const charts = await deleteSpentMailCharts(now);
    await optimizeDatabase();
    return `Removed ${events} old rate-limit events, ${sessions} expired sessions, ${purges} old page purges, ${readership} old readership counts and ${charts} mail charts no message needs.`;
  },
};
