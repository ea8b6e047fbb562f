import { housekeepingJob } from '@/server/jobs/housekeeping';
import { mailDeliveryJob } from '@/server/jobs/mail';
import type { Job } from '@/server/jobs/runner';

/** The timed work every web process takes part in (one process runs each due run). */
export const scheduledJobs: readonly Job[] = [housekeepingJob, mailDeliveryJob];
