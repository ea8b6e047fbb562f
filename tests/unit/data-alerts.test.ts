import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { gridHourly, outbox, subscriberDataAlerts, subscribers } from '@db/schema';
import { eq } from 'drizzle-orm';
import { defaultEiaRoutes, defaultGridRows, FAKE_EIA_KEY, fakeEiaHour, startFakeEia } from '../fakes/eia.ts';
import { headerLine as header, MAIL_SITE_ENV, useMailProcess } from '../helpers/mail-process.ts';

// Readers' data alerts end to end in one process, as a web process runs them: the daily and the
// hourly import read the local fake EIA, the data-alert job (run by two processes at once) finds
// what the new figures did, and a real SMTP server receives what a mailbox would.
const eia = await startFakeEia({ maxPage: 2000 });
const {
  other,
  deliver: deliverAt,
  db,
  runDueJobs,
  ensureScheduledJob,
} = await useMailProcess('data-alerts', {
  ...MAIL_SITE_ENV,
  EIA_API_KEY: FAKE_EIA_KEY,
  EIA_API_URL: `${eia.url}/v2`,
});
const { dataAlertJob } = await import('@/server/jobs/newsletter');
const { sendDataAlerts } = await import('@/server/services/newsletter/data-alerts');
const { runEiaImport } = await import('@/server/services/markets/import-runs');
const { importGridFromEia } = await import('@/server/services/grid/import');

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const month = (n: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1)).toISOString().slice(0, 7);
};

// Gas storage: six years of Fridays up to `lastWeek` (two weeks back, so two more weeks can come).
// In its last year every week holds 3,030 Bcf; before, 3,000 plus 10 a year back, so the
// five-year range of the last week is 3,010–3,050 (3,030 is inside it) and that of the week
// after it 3,010–3,040.
let lastWeek = Date.now() - 14 * DAY;
while (new Date(lastWeek).getUTCDay() !== 5) lastWeek -= DAY;
const storageRow = (t: number, value: number) => ({
  period: iso(t),
  series: 'NW2_EPG0_SWO_R48_BCF',
  duoarea: 'R48',
  'series-description': 'Weekly Lower 48 States Natural Gas Working Underground Storage (Billion Cubic Feet)',
  value: String(value),
  units: 'BCF',
});
const storage = Array.from({ length: 6 * 52 + 1 }, (_, i) =>
  storageRow(lastWeek - i * WEEK, i < 52 ? 3_030 : 3_000 + 10 * Math.floor(i / 52)),
).reverse();

// Retail prices of four months before `month(-2)`, which the second import brings: Texas'
// residential price up 20% (14.3 → 17.16), California's 0.66% (30.3 → 30.5).
const retailRow = (period: string, state: string, sector: string, price: number) => ({
  period,
  stateid: state,
  stateDescription: state,
  sectorid: sector,
  sectorName: sector.toLowerCase(),
  price: price.toFixed(2),
  'price-units': 'cents per kilowatt-hour',
});
const retailMonth = (period: string, i: number, override: Record<string, number> = {}) =>
  Object.entries({ US: 16, TX: 14, CA: 30 }).flatMap(([state, base]) =>
    ['RES', 'COM', 'IND', 'ALL'].map((sector) => retailRow(period, state, sector, override[`${state}/${sector}`] ?? base + i / 10)),
  );
const retail = [-6, -5, -4, -3].flatMap((m, i) => retailMonth(month(m), i));

// The grid at a fixed time: the hour ending 4 PM Central on a July day, then an hour later.
const GRID_NOW = Date.parse('2026-07-14T22:10:00Z');
const gridRows = (now: number, demand: Record<string, number>) => {
  const rows = defaultGridRows(now, 8);
  for (const row of rows.regions) {
    const set = demand[`${String(row['respondent'])}@${String(row['period'])}`];
    if (row['type'] === 'D' && set !== undefined) row['value'] = String(set);
  }
  return rows;
};
function setGrid(now: number, demand: Record<string, number> = {}) {
  const rows = gridRows(now, demand);
  eia.routes.set('electricity/rto/region-data', rows.regions);
  eia.routes.set('electricity/rto/fuel-type-data', rows.fuels);
}
const lastHourOf = (now: number) => Math.floor(now / HOUR) * HOUR - HOUR;

async function importAll(gridNow: number): Promise<void> {
  await runEiaImport({ paceMs: 0 });
  await importGridFromEia({ paceMs: 0, now: gridNow });
}

const deliver = () => deliverAt(() => new Date(Date.now() + 60_000));
const toOf = (mail: ParsedMail) => (mail.to && 'value' in mail.to ? mail.to.value[0]?.address : '');

let n = 0;
async function reader(
  email: string,
  alerts: { kind: 'storage-range' | 'demand-record' | 'state-price'; subject: string; value?: number }[],
  status: 'active' | 'unsubscribed' = 'active',
) {
  const salt = `salt-${++n}`;
  const [row] = await db
    .insert(subscribers)
    .values({ email, status, dailyBriefing: false, tokenSalt: salt, manageTokenHash: `hash-${salt}`, createdAt: new Date(0) })
    .returning({ id: subscribers.id });
  const subscriberId = row?.id ?? 0;
  await db.insert(subscriberDataAlerts).values(alerts.map((a) => ({ ...a, value: a.value ?? null, subscriberId, createdAt: new Date(0) })));
  return subscriberId;
}

beforeAll(async () => {
  const routes = defaultEiaRoutes();
  for (const [route, rows] of routes) eia.routes.set(route, rows);
  eia.routes.set('natural-gas/stor/wkly', storage);
  eia.routes.set('electricity/retail-sales', retail);
  setGrid(GRID_NOW - HOUR);
  // A year and more of history: Texas' record (35,000 MWh) and California's (99,999 MWh), 400 days back.
  const old = new Date(lastHourOf(GRID_NOW) - 400 * DAY);
  await db.insert(gridHourly).values([
    { respondent: 'TEX', period: old, demand: 35_000 },
    { respondent: 'CAL', period: old, demand: 99_999 },
  ]);
  await ensureScheduledJob(dataAlertJob.name, new Date(0));
});

afterAll(() => eia.close());

describe('data alerts', () => {
  it('tell each reader once what the new figures did (storage out of its range, a demand record, a state price move), though two processes run the job', async () => {
    const ann = await reader('ann@example.com', [
      { kind: 'storage-range', subject: 'gas-storage' },
      { kind: 'demand-record', subject: 'TEX' },
      { kind: 'state-price', subject: 'TX/RES', value: 10 },
    ]);
    await reader('bob@example.com', [
      { kind: 'state-price', subject: 'TX/RES', value: 25 },
      { kind: 'state-price', subject: 'CA/RES', value: 1 },
      { kind: 'demand-record', subject: 'CAL' },
    ]);
    await reader('gone@example.com', [{ kind: 'storage-range', subject: 'gas-storage' }], 'unsubscribed');

    // The first imports: what is there is the baseline, no event.
    await importAll(GRID_NOW - HOUR);
    expect(await sendDataAlerts()).toBe(0);

    // New figures: storage 3,200 Bcf (above 3,010–3,040), Texas' 4 PM hour at 40,000 MWh (its record 35,000),
    // a new month of retail prices (Texas residential +20%, California's +0.66%).
    eia.routes.set('natural-gas/stor/wkly', [...storage, storageRow(lastWeek + WEEK, 3_200)]);
    eia.routes.set('electricity/retail-sales', [...retail, ...retailMonth(month(-2), 4, { 'TX/RES': 17.16, 'CA/RES': 30.5 })]);
    setGrid(GRID_NOW, { [`TEX@${fakeEiaHour(lastHourOf(GRID_NOW))}`]: 40_000 });
    await importAll(GRID_NOW);

    const now = () => new Date(Date.now() + 1_000);
    const [a, b] = await Promise.all([
      runDueJobs([dataAlertJob], { holder: 'process-a', now }),
      runDueJobs([dataAlertJob], { holder: 'process-b', now, executor: other.db }),
    ]);
    expect([...a, ...b]).toEqual(['data-alerts']);

    const mails = await deliver();
    expect(mails.map(toOf)).toEqual(['ann@example.com']);
    const mail = mails[0];
    expect(mail?.subject).toBe('3 of your data alerts fired');
    const text = mail?.text ?? '';
    expect(text).toContain('Working Gas in Storage (Lower 48) rose above its five-year range');
    expect(text).toMatch(/3,200 Bcf in the week ending .*; the same week of the previous five years ranged from 3,010 Bcf to 3,040 Bcf/);
    expect(text).toContain('Texas set a demand record: 40,000 MWh');
    expect(text).toMatch(/In the hour ending Tue, Jul 14, 4 PM CT \(5 PM ET\); the record before was 35,000 MWh, on Jun 9, 2025\./);
    expect(text).toContain('Texas’s residential electricity price rose 20.00%');
    expect(text).toContain('17.16¢/kWh');
    expect(text).toContain('you asked for moves of more than 10%');
    expect(text).not.toContain('California');
    // Its links carry the edition's campaign; the reader can leave in one click.
    expect(mail?.html).toContain('href="https://energypulse.test/grid/TEX?utm_source=energypulse&amp;utm_medium=email&amp;utm_campaign=data-alert"');
    expect(mail?.html).toContain('href="https://energypulse.test/states/TX?utm_source=energypulse');
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // Each event's chart inside the message (the parser puts each part's bytes where the HTML names
    // its cid), its alt text naming the chart and the latest figure written beside it.
    const charts = (mail?.attachments ?? []).filter((a) => a.contentType === 'image/png' && a.contentDisposition === 'inline');
    const alts = [...(mail?.html || '').matchAll(/<img src="data:image\/png;base64,([^"]+)" alt="([^"]*)"/g)];
    expect(charts).toHaveLength(3);
    expect(alts.map((m) => Buffer.from(m[1] ?? '', 'base64').length)).toEqual(charts.map((c) => c.content.length));
    const storageChart = alts.find((m) => m[2]?.includes('Working Gas in Storage'));
    expect(storageChart?.[2]).toMatch(/Latest: 3,200 Bcf, as of /);
    expect(await sharp(Buffer.from(storageChart?.[1] ?? '', 'base64')).metadata()).toMatchObject({ format: 'png', width: 1200, height: 680 });
    // The region's week of demand, with the record hour its latest figure; the state's price against the US average.
    expect(alts.map((m) => m[2])).toEqual([
      expect.stringMatching(/^Chart: Working Gas in Storage/),
      expect.stringMatching(/^Chart: Texas: hourly demand and day-ahead forecast\. Latest: 40\.0 GW, as of Tue, Jul 14, 4 PM CT \(5 PM ET\)\./),
      expect.stringMatching(/^Chart: Texas: residential electricity price against the US average\. Latest: 17\.16 ¢\/kWh, as of /),
    ]);
    const queued = await db.select({ key: outbox.dedupeKey }).from(outbox).where(eq(outbox.kind, 'data-alert'));
    expect(queued.map((q) => q.key)).toEqual([expect.stringMatching(new RegExp(`^data-alert:${ann}:storage-range:gas-storage@`))]);

    // The same figures are not looked at twice.
    expect(await sendDataAlerts()).toBe(0);

    // Non-events: storage still above its range (no move out of it), Texas beating its new record an
    // hour later on the same day (one alert per region and day), no new month of prices.
    eia.routes.set('natural-gas/stor/wkly', [...storage, storageRow(lastWeek + WEEK, 3_200), storageRow(lastWeek + 2 * WEEK, 3_210)]);
    setGrid(GRID_NOW + HOUR, {
      [`TEX@${fakeEiaHour(lastHourOf(GRID_NOW))}`]: 40_000,
      [`TEX@${fakeEiaHour(lastHourOf(GRID_NOW + HOUR))}`]: 41_000,
    });
    await importAll(GRID_NOW + HOUR);
    expect(await sendDataAlerts()).toBe(0);
    expect(await deliver()).toEqual([]);
  });
});
