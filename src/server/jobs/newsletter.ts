import { SITE_TIME_ZONE } from '@/lib/format';
import { MAIL_EDITIONS, type EditionId, type EditionSchedule } from '@/lib/mail-editions';
import { nextRunOn } from '@/lib/zoned-time';
import type { AppConfig } from '@/server/config';
import type { Job } from '@/server/jobs/runner';
import { sendEdition } from '@/server/services/newsletter/briefing';
import { sendGridWeekly } from '@/server/services/newsletter/grid-weekly';
import { notifyEditors } from '@/server/services/mail/editor-notices';
import { sendDataAlerts } from '@/server/services/newsletter/data-alerts';
import { sendPriceAlerts } from '@/server/services/newsletter/price-alerts';
import { sendTopicDigests } from '@/server/services/newsletter/topic-digests';

const HOUR_MS = 3_600_000;
const mailingRetry = { baseMs: 60_000, maxMs: 15 * 60_000, attempts: 5 };

/** A mailing run every hour (one process at a time, the job's lease), retried as every mailing is. */
const hourlyMailing = (name: string, run: Job['run']): Job => ({
  name,
  nextRunAfter: (after) => new Date(after.getTime() + HOUR_MS),
  leaseMs: 5 * 60_000,
  retry: mailingRetry,
  run,
});

/** An alert mailing's run: `send`, then what it queued for the admin ("Queued 2 price alerts."). */
const alertRun =
  (kind: string, send: (options: { now: Date }) => Promise<number>): Job['run'] =>
  async ({ now }) => {
    const queued = await send({ now });
    return queued > 0 ? `Queued ${queued} ${kind} ${queued === 1 ? 'alert' : 'alerts'}.` : undefined;
  };

/** When an edition on a weekday schedule is next due after `after`: at `time` (US Eastern) on one of its weekdays. */
export function nextEditionRun(schedule: Extract<EditionSchedule, { at: 'briefing-time' }>, time: string, after: Date): Date {
  return nextRunOn(schedule.weekdays, [time], after, SITE_TIME_ZONE);
}

/** What sends each newsletter on a weekday schedule, by its catalog entry. */
const NEWSLETTERS = {
  briefing: ({ now, signal }) => sendEdition('briefing', { now, signal }),
  roundup: ({ now, signal }) => sendEdition('roundup', { now, signal }),
  grid: ({ now, signal }) => sendGridWeekly({ now, signal }),
} satisfies Partial<Record<EditionId, Job['run']>>;

/**
 * The reader newsletters, each on its schedule in `MAIL_EDITIONS` at `BRIEFING_TIME` (US
 * Eastern): the daily briefing every day, the weekly roundup on Mondays and the grid weekly on
 * Tuesdays; none with `BRIEFING_TIME=off`. A run that fails or is taken over goes on from its
 * cursor (see `sendNewsletter`).
 */
export function newsletterJobs(config: Pick<AppConfig, 'briefingTime'>): Job[] {
  const time = config.briefingTime;
  if (!time) return [];
  return (Object.keys(NEWSLETTERS) as (keyof typeof NEWSLETTERS)[]).map((id) => {
    const edition = MAIL_EDITIONS[id];
    return {
      name: edition.job,
      nextRunAfter: (after) => nextEditionRun(edition.schedule, time, after),
      leaseMs: 5 * 60_000,
      retry: mailingRetry,
      run: NEWSLETTERS[id],
    };
  });
}

/** New stories in followed topics, one digest per reader at most every hour. */
export const topicDigestJob = hourlyMailing(MAIL_EDITIONS.topics.job, ({ now, signal }) => sendTopicDigests({ now, signal }));

/**
 * Readers' price alerts on new figures. An EIA import that stored new figures asks for a run at
 * once (`requestJobRun`); the hourly run finishes a mailing that was cut short.
 */
export const priceAlertJob = hourlyMailing(MAIL_EDITIONS.alerts.job, alertRun('price', sendPriceAlerts));

/**
 * Readers' data alerts (gas storage, grid demand records, states' prices). The daily EIA import
 * and the hourly grid import ask for a run at once when they stored new figures; the hourly run
 * finishes a mailing that was cut short. One process runs it at a time (the job's lease).
 */
export const dataAlertJob = hourlyMailing(MAIL_EDITIONS.dataAlerts.job, alertRun('data', sendDataAlerts));

/** Every five minutes: one message to the editors about new pending comments and contact messages. */
export const editorNoticeJob: Job = {
  name: 'editor-notices',
  nextRunAfter: (after) => new Date(after.getTime() + 5 * 60_000),
  leaseMs: 2 * 60_000,
  retry: { baseMs: 60_000, maxMs: 5 * 60_000, attempts: 3 },
  run: ({ now }) => notifyEditors(now),
};
