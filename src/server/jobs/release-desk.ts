import type { Job } from '@/server/jobs/runner';
import { RELEASE_DESK_JOB, draftReleaseBriefs } from '@/server/services/markets/release-desk';

/**
 * The release desk's drafts: an EIA import that stored figures asks for a run at once (so a brief
 * follows the scheduled import of a release); the hourly run catches a release whose import came
 * while no process ran the job. One process runs it at a time (the job's lease), and each release
 * is drafted once whoever runs it (its row in `release_briefs`).
 */
export const releaseDeskJob: Job = {
  name: RELEASE_DESK_JOB,
  nextRunAfter: (after) => new Date(after.getTime() + 3_600_000),
  leaseMs: 5 * 60_000,
  retry: { baseMs: 60_000, maxMs: 15 * 60_000, attempts: 3 },
  run: ({ now }) => draftReleaseBriefs(now),
};
