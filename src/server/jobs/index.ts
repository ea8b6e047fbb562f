import { appConfig } from '@/server/config';
import { eiaImportJobs } from '@/server/jobs/eia-import';
import { gridImportJobs } from '@/server/jobs/grid-import';
import { housekeepingJob } from '@/server/jobs/housekeeping';
import { mailDeliveryJob } from '@/server/jobs/mail';
import { dataAlertJob, editorNoticeJob, newsletterJobs, priceAlertJob, topicDigestJob } from '@/server/jobs/newsletter';
import { relatedArticlesJob } from '@/server/jobs/related-articles';
import { releaseDeskJob } from '@/server/jobs/release-desk';
import { revisionNoticeJob } from '@/server/jobs/revision-watch';
import type { Job } from '@/server/jobs/runner';
import { scheduledPublishingJob } from '@/server/jobs/scheduled-publishing';
import { sharedCachePurgeJob } from '@/server/jobs/shared-cache';

/** The timed work every web process takes part in (one process runs each due run), as configured at start. */
export function scheduledJobs(): readonly Job[] {
  const config = appConfig();
  return [
    housekeepingJob,
    mailDeliveryJob,
    scheduledPublishingJob,
    relatedArticlesJob,
    ...(config.sharedCache ? [sharedCachePurgeJob] : []),
    ...eiaImportJobs(config),
    ...gridImportJobs(config),
    ...newsletterJobs(config),
    topicDigestJob,
    priceAlertJob,
    dataAlertJob,
    editorNoticeJob,
    releaseDeskJob,
    revisionNoticeJob,
  ];
}
