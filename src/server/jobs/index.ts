import { appConfig } from '@/server/config';
import { eiaImportJobs } from '@/server/jobs/eia-import';
import { housekeepingJob } from '@/server/jobs/housekeeping';
import type { Job } from '@/server/jobs/runner';

/** The timed work every web process takes part in (one process runs each due run), as configured at start. */
export function scheduledJobs(): readonly Job[] {
  return [housekeepingJob, ...eiaImportJobs(appConfig())];
}
