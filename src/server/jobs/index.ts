import { appConfig } from '@/server/config';
import { eiaImportJobs } from '@/server/jobs/eia-import';
import { housekeepingJob } from '@/server/jobs/housekeeping';
import { mailDeliveryJob } from '@/server/jobs/mail';
import { editorNoticeJob, newsletterJobs, priceAlertJob, topicDigestJob } from '@/server/jobs/newsletter';
import { relatedArticlesJob } from '@/server/jobs/related-articles';
import type { Job } from '@/server/jobs/runner';
import { scheduledPublishingJob } from '@/server/jobs/scheduled-publishing';

/** The timed work every web process takes part in (one process runs each due run), as configured at start. */
export function scheduledJobs(): readonly Job[] {
  const config = appConfig();
  return [
    housekeepingJob,
    mailDeliveryJob,
    scheduledPublishingJob,
    relatedArticlesJob,
    ...eiaImportJobs(config),
    ...newsletterJobs(config),
    topicDigestJob,
    priceAlertJob,
    editorNoticeJob,
  ];
}
