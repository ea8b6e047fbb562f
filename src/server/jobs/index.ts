import { housekeepingJob } from './housekeeping';
import type { Job } from './runner';

/** The timed work every web process takes part in (one process runs each due run). */
export const scheduledJobs: readonly Job[] = [housekeepingJob];
