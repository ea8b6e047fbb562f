import type { Job } from '@/server/jobs/runner';
import { sendUnsharedPurges } from '@/server/content-changes';

/** How often purges the shared cache in front did not take are sent again. */
const INTERVAL_MS = 10_000;

/**
 * Purges the shared cache in front (CACHE_PURGE_URL) did not take when they were made (it
 * was down, or refused) are sent again, in one process at a time, until it takes them.
 */
export const sharedCachePurgeJob: Job = {
  name: 'shared-cache-purges',
  nextRunAfter: (after) => new Date(after.getTime() + INTERVAL_MS),
  run: async ({ now }) => {
    const sent = await sendUnsharedPurges(now);
    return sent === 0 ? 'Nothing to send again.' : `Sent ${sent} purges again.`;
  },
};
