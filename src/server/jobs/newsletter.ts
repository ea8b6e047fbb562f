import { SITE_TIME_ZONE } from '@/lib/format';
import { nextDailyRun, weekday, zonedParts, addDays, zonedTime } from '@/lib/zoned-time';
import type { AppConfig } from '@/server/config';
import type { Job } from '@/server/jobs/runner';
import { sendEdition } from '@/server/services/newsletter/briefing';
import { notifyEditors } from '@/server/services/mail/editor-notices';
import { sendTopicDigests } from '@/server/services/newsletter/topic-digests';

/** The first Monday at `time` (US Eastern) strictly after `after`. */
export function nextMondayAt(time: string, after: Date): Date {
  const today = zonedParts(after, SITE_TIME_ZONE).day;
  for (let i = 0; i < 8; i++) {
    const day = addDays(today, i);
    if (weekday(day) !== 1) continue;
    const at = zonedTime(day, time, SITE_TIME_ZONE);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error('No Monday within eight days.');
}

const mailingRetry = { baseMs: 60_000, maxMs: 15 * 60_000, attempts: 5 };

/**
 * The reader newsletters: the daily briefing at `BRIEFING_TIME` (US Eastern) and the weekly
 * roundup on Mondays at the same time; neither with `BRIEFING_TIME=off`. A run that fails or
 * is taken over goes on from its cursor (see `sendEdition`).
 */
export function newsletterJobs(config: Pick<AppConfig, 'briefingTime'>): Job[] {
  const time = config.briefingTime;
  if (!time) return [];
  return [
    {
      name: 'daily-briefing',
      nextRunAfter: (after) => nextDailyRun([time], after, SITE_TIME_ZONE),
      leaseMs: 5 * 60_000,
      retry: mailingRetry,
      run: ({ now, signal }) => sendEdition('briefing', { now, signal }),
    },
    {
      name: 'weekly-roundup',
      nextRunAfter: (after) => nextMondayAt(time, after),
      leaseMs: 5 * 60_000,
      retry: mailingRetry,
      run: ({ now, signal }) => sendEdition('roundup', { now, signal }),
    },
  ];
}

/** New stories in followed topics, one digest per reader at most every hour. */
export const topicDigestJob: Job = {
  name: 'topic-digest',
  nextRunAfter: (after) => new Date(after.getTime() + 3_600_000),
  leaseMs: 5 * 60_000,
  retry: mailingRetry,
  run: ({ now, signal }) => sendTopicDigests({ now, signal }),
};

/** Every five minutes: one message to the editors about new pending comments and contact messages. */
export const editorNoticeJob: Job = {
  name: 'editor-notices',
  nextRunAfter: (after) => new Date(after.getTime() + 5 * 60_000),
  leaseMs: 2 * 60_000,
  retry: { baseMs: 60_000, maxMs: 5 * 60_000, attempts: 3 },
  run: ({ now }) => notifyEditors(now),
};
