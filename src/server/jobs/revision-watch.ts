import type { Job } from '@/server/jobs/runner';
import { REVISION_NOTICE_JOB, mailRevisionNotices } from '@/server/services/articles/revision-watch';

/**
 * Every five minutes, as the editors' notice: one message to each story's editors about the
 * figures EIA revised that their stories cite. An import that revised a cited figure asks for a
 * run at once. One process runs it at a time (the job's lease).
 */
export const revisionNoticeJob: Job = {
  name: REVISION_NOTICE_JOB,
  nextRunAfter: (after) => new Date(after.getTime() + 5 * 60_000),
  leaseMs: 2 * 60_000,
  retry: { baseMs: 60_000, maxMs: 5 * 60_000, attempts: 3 },
  run: ({ now }) => mailRevisionNotices(now),
};
