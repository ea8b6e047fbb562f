import { housekeepingJob } from '@/server/jobs/housekeeping';
import type { Job } from '@/server/jobs/runner';
import { scheduledPublishingJob } from '@/server/jobs/scheduled-publishing';

/** The timed work every web process takes part in (one process runs each due run). */
export const scheduledJobs: readonly Job[] = [housekeepingJob, scheduledPublishingJob];
