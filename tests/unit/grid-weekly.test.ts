import { beforeAll, describe, expect, it } from 'vitest';
import { articles, categories, gridFuelHourly, gridHourly, subscribers } from '@db/schema';
import { headerLine as header, MAIL_SITE_ENV, publishedStory, useMailProcess } from '../helpers/mail-process.ts';

// The grid weekly, added by the recipe of docs/contributing.md: its job (run by two processes at
// once) composes the week on the grid and the week's Utilities stories, and a real SMTP server
// receives what each reader who chose it would.
const { deliver: deliverAt, db, other, runDueJobs, ensureScheduledJob } = await useMailProcess('grid-weekly', MAIL_SITE_ENV);
const { newsletterJobs } = await import('@/server/jobs/newsletter');
const { sendGridWeekly, composeGridWeekly } = await import('@/server/services/newsletter/grid-weekly');
const { MAIL_EDITIONS } = await import('@/lib/mail-editions');

// Tuesday, November 24, 2026, 06:30 in New York: the grid weekly's day and time.
const EDITION_AT = new Date('2026-11-24T11:30:00Z');
/** The last whole hour before it (EIA's hours end on the hour, in UTC). */
const LAST_HOUR = new Date('2026-11-24T11:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const deliver = (now: Date) => deliverAt(() => now);
const addressOf = (m: { to?: unknown }) =>
  m.to && typeof m.to === 'object' && 'value' in m.to ? (m.to.value as { address?: string }[])[0]?.address : '';

let n = 0;
async function reader(values: Partial<typeof subscribers.$inferInsert> & { email: string }): Promise<void> {
  const salt = `salt-${++n}`;
  await db
    .insert(subscribers)
    .values({ status: 'active', dailyBriefing: false, tokenSalt: salt, manageTokenHash: `hash-${salt}`, createdAt: new Date(0), ...values });
}

/** A week of hours for a region up to the edition: `base` MWh each hour, `peak` in the hour ending `peakAt`. */
function week(respondent: string, base: number, peak: number, peakAt: Date) {
  return Array.from({ length: 7 * 24 }, (_, i) => {
    const period = new Date(LAST_HOUR.getTime() - i * HOUR);
    return { respondent, period, demand: period.getTime() === peakAt.getTime() ? peak : base, sample: false };
  });
}

beforeAll(async () => {
  await db.insert(categories).values([
    { id: 1, name: 'Oil & Gas', slug: 'oil-gas' },
    { id: 3, name: 'Utilities', slug: 'utilities' },
  ]);
  const story = (title: string, categoryId: number, publishedAt: Date) => ({ ...publishedStory(title, '<p>x</p>', publishedAt), categoryId });
  await db
    .insert(articles)
    .values([
      story('ERCOT calls for conservation', 3, new Date(EDITION_AT.getTime() - 2 * DAY)),
      story('PJM capacity auction clears high', 3, new Date(EDITION_AT.getTime() - 5 * DAY)),
      story('Permian output hits a record', 1, new Date(EDITION_AT.getTime() - DAY)),
      story('Older utilities news', 3, new Date(EDITION_AT.getTime() - 9 * DAY)),
    ]);
  // Texas: 80 GW its highest before the week, 400 days back; 85 GW on Thursday at 5 PM CT (23:00 UTC): a record.
  // The Lower 48: 700 GW its highest before the week; 500 GW this week: 71% of it.
  // New York: 25 GW its highest, 100 days back and its first hour stored; 28 GW this week: no record, less than a year stored.
  const texasPeak = new Date('2026-11-19T23:00:00Z');
  const lower48Peak = new Date('2026-11-20T23:00:00Z');
  await db
    .insert(gridHourly)
    .values([
      { respondent: 'TEX', period: new Date(LAST_HOUR.getTime() - 400 * DAY), demand: 80_000, sample: false },
      { respondent: 'US48', period: new Date(LAST_HOUR.getTime() - 400 * DAY), demand: 700_000, sample: false },
      ...week('TEX', 50_000, 85_000, texasPeak),
      ...week('US48', 450_000, 500_000, lower48Peak),
      { respondent: 'NY', period: new Date(LAST_HOUR.getTime() - 100 * DAY), demand: 25_000, sample: false },
      ...week('NY', 20_000, 28_000, lower48Peak),
    ]);
  // The Lower 48's week by fuel: gas 40, nuclear 20, wind 15, solar 5 and batteries charging (−2) each hour.
  await db.insert(gridFuelHourly).values(
    Array.from({ length: 7 * 24 }, (_, i) => new Date(LAST_HOUR.getTime() - i * HOUR)).flatMap((period) =>
      [
        ['NG', 40],
        ['NUC', 20],
        ['WND', 15],
        ['SUN', 5],
        ['BAT', -2],
      ].map(([fuel, value]) => ({ respondent: 'US48', period, fuel: String(fuel), value: Number(value), sample: false })),
    ),
  );
});

describe('the grid weekly', () => {
  it('reaches each active reader who chose it once, on Tuesdays, with the regions’ week and the Utilities stories, though two processes run the job', async () => {
    await reader({ email: 'grid@example.com', gridWeekly: true });
    await reader({ email: 'grid-and-briefing@example.com', gridWeekly: true, dailyBriefing: true });
    await reader({ email: 'briefing-only@example.com', dailyBriefing: true });
    await reader({ email: 'grid-pending@example.com', gridWeekly: true, status: 'pending' });
    await reader({ email: 'grid-gone@example.com', gridWeekly: true, status: 'unsubscribed' });

    const jobs = newsletterJobs({ briefingTime: '06:30' });
    const job = jobs.find((j) => j.name === MAIL_EDITIONS.grid.job);
    // Its schedule is the catalog's: Tuesdays at BRIEFING_TIME, US Eastern.
    expect(job?.nextRunAfter(new Date('2026-11-23T12:00:00Z')).toISOString()).toBe(EDITION_AT.toISOString());
    expect(job?.nextRunAfter(EDITION_AT).toISOString()).toBe('2026-12-01T11:30:00.000Z');

    await ensureScheduledJob(MAIL_EDITIONS.grid.job, EDITION_AT);
    const [a, b] = await Promise.all([
      runDueJobs(jobs, { holder: 'process-a', now: () => EDITION_AT }),
      runDueJobs(jobs, { holder: 'process-b', now: () => EDITION_AT, executor: other.db }),
    ]);
    expect([...a, ...b]).toEqual(['grid-weekly']);

    const mails = await deliver(new Date(EDITION_AT.getTime() + 60_000));
    expect(mails.map(addressOf).sort()).toEqual(['grid-and-briefing@example.com', 'grid@example.com']);
    const mail = mails.find((m) => addressOf(m) === 'grid@example.com');
    const text = mail?.text ?? '';
    // What its text says: the lines missing from it.
    const missing = (lines: string[]) => lines.filter((line) => !text.includes(line));
    expect({
      subject: mail?.subject,
      missing: missing([
        'Your EnergyPulse grid weekly, November 24, 2026',
        'THE GRID THIS WEEK',
        // The Lower 48 first: its peak, when (its zone is Eastern), its average, against its record and its mix.
        'Lower 48 states: peak 500.0 GW',
        'In the hour ending Fri, Nov 20, 6 PM ET · average 450.3 GW',
        '71% of its record, 700.0 GW on Oct 20, 2025.',
        'Natural gas made 50% of its power, renewables 25%.',
        // Texas beat its record of a year of history; its hour is said in Central and Eastern time.
        'Texas: peak 85.0 GW',
        'In the hour ending Thu, Nov 19, 5 PM CT (6 PM ET)',
        'A demand record: above the 80.0 GW of Oct 20, 2025.',
        'https://energypulse.test/grid/TEX',
        // New York passed its highest hour, but with less than a year stored that is said, not called a record.
        'New York: peak 28.0 GW',
        '112% of the highest hour stored since Aug 16, 2026, 25.0 GW on Aug 16, 2026: less than a year of figures, so no record.',
        // Where the figures come from, how recent, and the regions with none.
        'Source: U.S. Energy Information Administration, Hourly Electric Grid Monitor (Form EIA-930).',
        'Hours through the one ending Tue, Nov 24, 6 AM ET.',
        'No figures this week for California, Carolinas, Central,',
        // The week's Utilities stories (no other topic's, no older ones: below).
        'UTILITIES THIS WEEK',
        'ERCOT calls for conservation',
        'PJM capacity auction clears high',
        'You get the EnergyPulse grid weekly because you subscribed to it.',
      ]),
    }).toEqual({ subject: 'Grid weekly: demand record in Texas', missing: [] });
    expect(text).not.toMatch(/Permian output hits a record|Older utilities news/);
    // Its links carry the edition's campaign; the reader's own links and one-click unsubscribe, as every edition's.
    expect(mail?.html).toContain('href="https://energypulse.test/grid/TEX?utm_source=energypulse&amp;utm_medium=email&amp;utm_campaign=grid"');
    expect([text, header(mail, 'list-unsubscribe'), header(mail, 'list-unsubscribe-post')].join('\n')).toMatch(
      /Change what you get: https:\/\/energypulse\.test\/newsletter\/preferences\?token=[\w-]{20,}[\s\S]*\nList-Unsubscribe: <https:\/\/energypulse\.test\/newsletter\/unsubscribe\?token=[\w-]{20,}>\nList-Unsubscribe-Post: List-Unsubscribe=One-Click$/,
    );

    // Once a week: running it again the same day sends nothing more.
    expect(await sendGridWeekly({ now: new Date(EDITION_AT.getTime() + HOUR) })).toMatch(/already sent/);
    expect(await deliver(new Date(EDITION_AT.getTime() + 2 * HOUR))).toEqual([]);
  });

  it('says the figures are the seeded sample when they are, and says so when a week has none', async () => {
    const empty = await composeGridWeekly(new Date('2020-01-01T12:00:00Z'), new Date('2020-01-08T12:00:00Z'));
    expect(empty.document.sections[0]?.items).toEqual([{ title: 'No grid figures arrived this week.' }]);
    expect(empty.subject).toBe('Your EnergyPulse grid weekly, January 8, 2020');

    const at = new Date('2021-06-01T12:00:00Z');
    await db.insert(gridHourly).values({ respondent: 'CAL', period: at, demand: 30_000, sample: true });
    const sample = await composeGridWeekly(new Date(at.getTime() - 7 * DAY), at);
    expect(sample.document.sections[0]?.note).toMatch(/^Illustrative sample: a seeded week, not EIA figures\./);
    expect(sample.document.sections[0]?.items.map((i) => i.title)).toEqual(['California: peak 30.0 GW']);
  });
});
