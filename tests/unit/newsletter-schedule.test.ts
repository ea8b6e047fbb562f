import { describe, expect, it } from 'vitest';
import { CHOSEN_EDITIONS, MAIL_EDITIONS, editionHint, scheduleText } from '@/lib/mail-editions';
import { zonedParts } from '@/lib/zoned-time';
import { newsletterJobs, priceAlertJob, topicDigestJob } from '@/server/jobs/newsletter';
import type { Job } from '@/server/jobs/runner';
import { alertFires } from '@/server/services/newsletter/price-alerts';

const ET = 'America/New_York';
const jobs = newsletterJobs({ briefingTime: '06:30' });
const job = (name: string): Job => {
  const found = jobs.find((j) => j.name === name);
  if (!found) throw new Error(`No job ${name}`);
  return found;
};
const briefing = job(MAIL_EDITIONS.briefing.job);
const roundup = job(MAIL_EDITIONS.roundup.job);
const next = (j: Job, after: string) => j.nextRunAfter(new Date(after)).toISOString();

/** The next `n` runs of a job from `from`, each after the one before. */
function runs(j: Job, from: string, n: number): Date[] {
  const out: Date[] = [];
  let at = new Date(from);
  for (let i = 0; i < n; i++) out.push((at = j.nextRunAfter(at)));
  return out;
}

describe('the mailing schedule', () => {
  it('sends the briefing every day at BRIEFING_TIME, US Eastern, weekends included', () => {
    // Friday, November 20, 2026, 07:00 Eastern: the next is Saturday's, then Sunday's.
    expect(next(briefing, '2026-11-20T12:00:00Z')).toBe('2026-11-21T11:30:00.000Z');
    expect(next(briefing, '2026-11-21T11:30:00Z')).toBe('2026-11-22T11:30:00.000Z');
    // Just before the time: today's.
    expect(next(briefing, '2026-11-23T11:29:59Z')).toBe('2026-11-23T11:30:00.000Z');
    const week = runs(briefing, '2026-11-22T12:00:00Z', 7).map((d) => zonedParts(d, ET));
    expect(week.map((p) => p.time)).toEqual(Array(7).fill('06:30'));
    expect(new Set(week.map((p) => p.day)).size).toBe(7);
  });

  it('sends the roundup on Mondays only, at the same time', () => {
    // Monday 06:30 has passed: the next Monday's; on a Sunday evening, the next morning's.
    expect(next(roundup, '2026-11-23T11:30:00Z')).toBe('2026-11-30T11:30:00.000Z');
    expect(next(roundup, '2026-11-29T23:00:00Z')).toBe('2026-11-30T11:30:00.000Z');
    for (const at of runs(roundup, '2026-01-01T00:00:00Z', 60)) {
      const { day, time } = zonedParts(at, ET);
      expect(new Date(`${day}T00:00:00Z`).getUTCDay(), day).toBe(1);
      expect(time).toBe('06:30');
    }
  });

  it('keeps the Eastern time across the daylight-saving changes and when UTC is already the next day', () => {
    // Clocks go forward on Sunday, March 8, 2026: 06:30 is 11:30 UTC before, 10:30 UTC after.
    expect(next(briefing, '2026-03-07T12:00:00Z')).toBe('2026-03-08T10:30:00.000Z');
    expect(next(roundup, '2026-03-07T12:00:00Z')).toBe('2026-03-09T10:30:00.000Z');
    // And back on Sunday, November 1, 2026.
    expect(next(briefing, '2026-10-31T11:00:00Z')).toBe('2026-11-01T11:30:00.000Z');
    expect(next(roundup, '2026-10-27T12:00:00Z')).toBe('2026-11-02T11:30:00.000Z');
    // 22:00 Eastern on Monday is 03:00 UTC on Tuesday: the briefing is Tuesday's 06:30.
    expect(next(briefing, '2026-11-24T03:00:00Z')).toBe('2026-11-24T11:30:00.000Z');
  });

  it('follows BRIEFING_TIME, and sends neither newsletter when it is off', () => {
    expect(next(briefing, '2026-11-23T12:00:00Z')).toBe('2026-11-24T11:30:00.000Z');
    const late = newsletterJobs({ briefingTime: '18:15' });
    expect(late.map((j) => j.name)).toEqual([MAIL_EDITIONS.briefing.job, MAIL_EDITIONS.roundup.job, MAIL_EDITIONS.grid.job]);
    expect(late[1]?.nextRunAfter(new Date('2026-11-23T12:00:00Z')).toISOString()).toBe('2026-11-23T23:15:00.000Z');
    expect(newsletterJobs({ briefingTime: undefined })).toEqual([]);
  });

  it('runs topic digests hourly and price alerts at least hourly (an import asks for them at once)', () => {
    expect(topicDigestJob.name).toBe(MAIL_EDITIONS.topics.job);
    expect(priceAlertJob.name).toBe(MAIL_EDITIONS.alerts.job);
    expect(next(topicDigestJob, '2026-11-23T12:00:00Z')).toBe('2026-11-23T13:00:00.000Z');
    expect(next(priceAlertJob, '2026-11-23T12:00:00Z')).toBe('2026-11-23T13:00:00.000Z');
  });

  it('promises on the forms what the jobs do', () => {
    expect(CHOSEN_EDITIONS.map((e) => `${e.label} — ${editionHint(e)}`)).toEqual([
      'Daily briefing — the day’s energy news and prices, every day',
      'Weekly roundup — the week’s big stories, every Monday',
      'Price alerts — an e-mail when a price crosses your level, after each EIA release',
      'Grid weekly — the week’s grid demand, records and fuel mix by region, and the Utilities stories, every Tuesday',
    ]);
    // Each run of the roundup falls on a day its copy names.
    const named = scheduleText(MAIL_EDITIONS.roundup.schedule);
    for (const at of runs(roundup, '2026-06-01T00:00:00Z', 8)) {
      const dayName = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: ET }).format(at);
      expect(named).toContain(dayName);
    }
    expect(scheduleText({ at: 'briefing-time', weekdays: [1, 2, 3, 4, 5] })).toBe('every weekday');
    expect(scheduleText({ at: 'briefing-time', weekdays: [6, 1] })).toBe('every Monday and Saturday');
  });
});

describe('price alert rules', () => {
  const above = { kind: 'above', value: 75 } as const;
  const below = { kind: 'below', value: 60 } as const;
  const move = { kind: 'move', value: 5 } as const;
  type Move = [previousValue: number, value: number];
  /** Whether `rule` fires on each move, from the previous value to the value. */
  const firing = (rule: Parameters<typeof alertFires>[0], ...moves: Move[]) =>
    moves.map(([previousValue, value]) => alertFires(rule, { previousValue, value }));

  it('fire "above" only when the value reaches the level from below', () => {
    expect(firing(above, [70, 76], [74.99, 75])).toEqual([true, true]);
    // Already above: no news. Falling back through it: not this rule.
    expect(firing(above, [76, 80], [75, 76], [80, 70], [70, 74.99])).toEqual([false, false, false, false]);
  });

  it('fire "below" only when the value falls to the level from above', () => {
    expect(firing(below, [62, 59], [60.01, 60])).toEqual([true, true]);
    expect(firing(below, [59, 55], [60, 58], [55, 65])).toEqual([false, false, false]);
  });

  it('fire "move" on a change of more than the percentage either way, never on a previous value of zero', () => {
    expect(firing(move, [100, 105.01], [100, 94.99])).toEqual([true, true]);
    expect(firing(move, [100, 105], [100, 95])).toEqual([false, false]);
    // Measured against the size of the previous value, so a negative price (WTI, April 2020) works.
    expect(firing(move, [-37.63, 10.01])).toEqual([true]);
    expect(firing(move, [0, 3])).toEqual([false]);
  });
});
