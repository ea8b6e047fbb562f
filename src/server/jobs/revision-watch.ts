import type { Job } from '@/server/jobs/runner';
import { REVISION_NOTICE_JOB, runRevisionWatch } from '@/server/services/articles/revision-watch';

/**
 * Every five minutes, as the editors' notice: first the import runs whose revision watch is
 * still pending (the importing process stopped, or its watch failed, after the import committed),
 * then one message to each story's editors about the figures EIA revised that their stories cite.
 * An import asks for a run in the transaction that commits its figures, and again once it noticed
 * a revision. One process runs it at a time (the job's lease); each run's watch is claimed once
 * whoever runs it (`revision_watches`).
 */
export const revisionNoticeJob: Job = {
  name: REVISION_NOTICE_JOB,
  nextRunAfter: (after) => new Date(after.getTime() + 5 * 60_000),
  leaseMs: 2 * 60_000,
  retry: { baseMs: 60_000, maxMs: 5 * 60_000, attempts: 3 },
  run: ({ now }) => runRevisionWatch(now),
};
