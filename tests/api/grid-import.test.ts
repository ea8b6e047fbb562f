import { and, asc, desc, eq, lt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { gridFuelHourly, gridHourly, pagePurges } from '@db/schema';
import { formatGigawatts } from '@/lib/grid-format';
import { GRID_FUEL_ALIASES } from '@db/catalog/fuels';
import { GRID_FUEL_CODES } from '@db/catalog/grid';
import { FAKE_GRID_RESPONDENTS, fakeEiaHour, fakeGridDemand, fakeGridFuels } from '../fakes/eia.ts';
import { useGridFake } from '../helpers/eia-server.ts';
import { fetchCurrent } from '../helpers/purge.ts';
import { jobWatcher } from '../helpers/scheduled-jobs.ts';
import { useTestServer } from '../helpers/test-server.ts';

const JOB = 'grid-import';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The fake's data ends with the last whole hour before its start; the job runs at GRID_MINUTE past the hour.
const { eia, lastHour, gridMinute: GRID_MINUTE, settings } = useGridFake();
// Two web processes on one database, both polling for due jobs; the daily import off.
const server = useTestServer(() => ({ WEB_CONCURRENCY: '2', ...settings() }));
const { jobRow, recordClaims, claimsSince, makeDue, waitForRunAfter } = jobWatcher(server, JOB);
const db = () => server.database.db;

beforeAll(async () => {
  await recordClaims();
});

const hours = (respondent: string) => db().select().from(gridHourly).where(eq(gridHourly.respondent, respondent)).orderBy(asc(gridHourly.period));
const everything = async () =>
  JSON.stringify([
    await db().select().from(gridHourly).orderBy(gridHourly.respondent, gridHourly.period),
    await db().select().from(gridFuelHourly).orderBy(gridFuelHourly.respondent, gridFuelHourly.period, gridFuelHourly.fuel),
  ]);
const lastPurge = async () => (await db().select().from(pagePurges).orderBy(desc(pagePurges.id)).limit(1))[0];
const regionRequests = () => eia.requests.filter((r) => r.path === '/v2/electricity/rto/region-data/data/');
const fuelRequests = () => eia.requests.filter((r) => r.path === '/v2/electricity/rto/fuel-type-data/data/');

/** Runs the job now and answers its row once it finished. */
async function runNow() {
  const since = new Date();
  await makeDue();
  return waitForRunAfter(since);
}

describe('the hourly grid import', () => {
  it('is registered by the server at EIA_GRID_MINUTE past the hour; a fresh install shows a labeled illustrative week', async () => {
    await expect.poll(async () => (await jobRow())?.nextRunAt, { timeout: 30_000 }).toBeDefined();
    const next = (await jobRow())!.nextRunAt;
    expect(next.getUTCMinutes()).toBe(GRID_MINUTE);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(HOUR);
    expect((await hours('TEX')).every((h) => h.sample)).toBe(true);
    const page = await fetchCurrent(`${server.url}/grid/tex`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Illustrative sample');
  });

  it('runs once across two processes, with EIA’s request shape, pages through, replaces the sample and skips gaps', async () => {
    eia.requests.length = 0;
    const since = new Date();
    const row = await runNow();
    expect(row).toMatchObject({ lastStatus: 'succeeded', attempts: 0 });
    expect(row.lastMessage).toMatch(/^Imported [\d,]+ region hours and [\d,]+ generation-by-fuel figures from EIA/);
    // EIA's gaps (Texas' demand and the Lower 48's solar, null an hour each) are counted in the run's message.
    expect(row.lastMessage).toMatch(/ Gaps in EIA's answers \(no figure sent\), skipped: Grid region data 1, Grid generation by fuel 1\.$/);
    expect((await claimsSince(since)).filter((c) => c.job === JOB)).toHaveLength(1);
    expect(row.nextRunAt.getUTCMinutes()).toBe(GRID_MINUTE);

    // The request shape: hourly, the value column, the 14 respondents (and the four types), sorted by period then by the columns that order one period's rows.
    const first = regionRequests()[0]!;
    expect(first.query.get('frequency')).toBe('hourly');
    expect(first.query.get('data[0]')).toBe('value');
    expect(first.query.getAll('facets[respondent][]').sort()).toEqual([...FAKE_GRID_RESPONDENTS].sort());
    expect(first.query.getAll('facets[type][]').sort()).toEqual(['D', 'DF', 'NG', 'TI']);
    expect([0, 1, 2].map((i) => first.query.get(`sort[${i}][column]`))).toEqual(['period', 'respondent', 'type']);
    // A week back from the hour the run started in.
    const weekBack = (t: number) => fakeEiaHour(Math.floor(t / HOUR) * HOUR - 7 * DAY);
    expect([weekBack(since.getTime()), weekBack(Date.now())]).toContain(first.query.get('start'));
    expect(fuelRequests()[0]!.query.getAll('facets[respondent][]').sort()).toEqual([...FAKE_GRID_RESPONDENTS].sort());
    // Paging: several pages of each route, at offsets a page apart.
    expect(regionRequests().map((r) => r.query.get('offset'))).toEqual(regionRequests().map((_, i) => String(i * 2000)));
    expect(fuelRequests().length).toBeGreaterThan(1);

    const tex = await hours('TEX');
    expect(tex.some((h) => h.sample)).toBe(false);
    const latest = tex.filter((h) => h.demand !== null).at(-1)!;
    expect(latest.period.getTime()).toBe(lastHour);
    expect(latest.demand).toBe(fakeGridDemand('TEX', lastHour));
    // EIA's gap (Texas' demand null 5 hours before the end) stays empty; its forecast is kept.
    const gap = tex.find((h) => h.period.getTime() === lastHour - 5 * HOUR)!;
    expect(gap.demand).toBeNull();
    expect(gap.forecast).not.toBeNull();
    // Forecast hours run a day past the last demand hour.
    expect(tex.at(-1)!.period.getTime()).toBe(lastHour + 24 * HOUR);
    // A respondent the site does not keep (ERCO) is left out; storage and geothermal are fuels of their own, not added to Other; a null is a gap.
    expect(await hours('ERCO')).toEqual([]);
    const fuelsAt = (respondent: string, period: number) =>
      db()
        .select()
        .from(gridFuelHourly)
        .where(and(eq(gridFuelHourly.respondent, respondent), eq(gridFuelHourly.period, new Date(period))));
    const usLast = await fuelsAt('US48', lastHour);
    // The fake's fuels are the recorded hour's (rto-fuel-type-data.json): each listed fuel apart,
    // the codes counted with one (SNB with solar, UES with other storage) added to it, a negative
    // Other stored as other storage.
    const recorded = fakeGridFuels('US48', lastHour);
    expect(recorded.map((f) => f.fuel)).toEqual(expect.arrayContaining(['BAT', 'PS', 'SNB', 'UES']));
    const listed = new Set<string>(GRID_FUEL_CODES);
    const expected = new Map<string, number>();
    for (const f of recorded) {
      const fuel = listed.has(f.fuel) ? f.fuel : (GRID_FUEL_ALIASES[f.fuel] ?? 'OTH');
      expected.set(fuel, (expected.get(fuel) ?? 0) + f.value);
    }
    const other = expected.get('OTH') ?? 0;
    if (other < 0) expected.set('OES', (expected.get('OES') ?? 0) + other).set('OTH', 0);
    expect(Object.fromEntries(usLast.map((f) => [f.fuel, f.value]))).toEqual(Object.fromEntries(expected));
    expect(usLast.find((f) => f.fuel === 'BAT')?.value).toBe(recorded.find((f) => f.fuel === 'BAT')?.value);
    expect((await fuelsAt('US48', lastHour - 7 * HOUR)).map((f) => f.fuel)).not.toContain('SUN');

    // Every region's pages render afresh: the sample label is gone, the latest hour is EIA's.
    const purge = await lastPurge();
    expect(purge?.tags.split(' ').sort()).toEqual([...FAKE_GRID_RESPONDENTS.map((c) => `g:${c}`), 'any'].sort());
    const page = await (await fetchCurrent(`${server.url}/grid/tex`)).text();
    expect(page).not.toContain('Illustrative sample');
    expect(page).toContain(formatGigawatts(fakeGridDemand('TEX', lastHour)));
  }, 120_000);

  it('fills older history a week a run, back from where the first run started', async () => {
    const oldest = (await hours('US48'))[0]!.period.getTime();
    eia.requests.length = 0;
    await runNow();
    const backfill = regionRequests().find((r) => r.query.get('end') !== null)!;
    expect(backfill.query.get('end')).toBe(fakeEiaHour(oldest - HOUR));
    // The fake holds 10 days; the first run read 7 of them.
    expect((await hours('US48'))[0]!.period.getTime()).toBeLessThan(oldest);
  }, 120_000);

  it('purges exactly the regions a run changed: a revised hour, hours past two years removed', async () => {
    // EIA revises Texas' last hour; New England holds an hour from before the two years.
    const revised = eia.routes
      .get('electricity/rto/region-data')!
      .find((r) => r['respondent'] === 'TEX' && r['type'] === 'D' && r['period'] === fakeEiaHour(lastHour))!;
    revised['value'] = String(fakeGridDemand('TEX', lastHour) + 1234);
    await db()
      .insert(gridHourly)
      .values({ respondent: 'NE', period: new Date(Date.now() - 800 * DAY), demand: 1, forecast: null, generation: null, interchange: null });
    // The pages a region's change concerns: every region's on /grid, one region's on its own page.
    const cal = await fetchCurrent(`${server.url}/grid/cal`);
    expect(cal.headers.get('Surrogate-Key')?.split(' ')).toContain('g:CAL');
    expect(cal.headers.get('Surrogate-Key')?.split(' ')).not.toContain('g:TEX');
    const grid = await fetchCurrent(`${server.url}/grid`);
    expect(grid.headers.get('Surrogate-Key')?.split(' ')).toEqual(expect.arrayContaining(FAKE_GRID_RESPONDENTS.map((c) => `g:${c}`)));
    // The regions' embeds are cached too, each under its region's tag.
    const embedTag = async (code: string) => (await fetchCurrent(`${server.url}/embed/grid/${code}`)).headers.get('ETag');
    const [texEmbed, calEmbed] = [await embedTag('TEX'), await embedTag('CAL')];

    const row = await runNow();
    expect(row.lastStatus).toBe('succeeded');
    expect((await lastPurge())?.tags.split(' ').sort()).toEqual(['any', 'g:NE', 'g:TEX']);
    expect(
      await db()
        .select()
        .from(gridHourly)
        .where(lt(gridHourly.period, new Date(Date.now() - 770 * DAY))),
    ).toEqual([]);
    expect((await hours('TEX')).find((h) => h.period.getTime() === lastHour)?.demand).toBe(fakeGridDemand('TEX', lastHour) + 1234);
    expect(await (await fetchCurrent(`${server.url}/grid/tex`)).text()).toContain(formatGigawatts(fakeGridDemand('TEX', lastHour) + 1234));
    // Texas' embed draws the revised hour (in GW, as its chart does); California's was not purged.
    const tex = await fetchCurrent(`${server.url}/embed/grid/TEX`);
    expect(tex.headers.get('ETag')).not.toBe(texEmbed);
    expect(await tex.text()).toContain(`Latest: Demand ${formatGigawatts(fakeGridDemand('TEX', lastHour) + 1234)}`);
    // California's was not purged: no purge since names it (above; every process applies exactly
    // the logged purges). Which process answers is the cluster's choice, so the cache state of one
    // process is not asserted here; the page-cache suite proves purges per process.
    const calNow = await fetchCurrent(`${server.url}/embed/grid/CAL`);
    expect(calNow.headers.get('Surrogate-Key')?.split(' ')).toEqual(['site', 'g:CAL']);
    expect(calEmbed).toBeTruthy();
  }, 120_000);

  it('keeps EIA-930’s fuels apart as EIA reports them: storage charging negative, Other never negative', async () => {
    // Figures as EIA sends them (tests/fixtures of recorded answers: California's Other "-2352" at
    // 2024-12-15T00, Texas' unknown energy storage "-113", a battery "-55", geothermal), put into
    // the fake's last hour, with a code EIA might add later.
    const rows = eia.routes.get('electricity/rto/fuel-type-data')!;
    const at = fakeEiaHour(lastHour);
    const base = rows.find((r) => r['respondent'] === 'TEX' && r['period'] === at)!;
    const set = (respondent: string, fueltype: string, value: string) => {
      const row = rows.find((r) => r['respondent'] === respondent && r['period'] === at && r['fueltype'] === fueltype);
      if (row) row['value'] = value;
      else rows.push({ ...base, respondent, 'respondent-name': respondent, fueltype, 'type-name': fueltype, value });
    };
    set('TEX', 'BAT', '-55');
    set('TEX', 'UES', '-113');
    set('TEX', 'SNB', '12');
    set('TEX', 'XYZ', '5');
    set('CAL', 'OTH', '-2352');
    set('CAL', 'GEO', '675');
    expect((await runNow()).lastStatus).toBe('succeeded');

    const fuelsAt = async (respondent: string) =>
      Object.fromEntries(
        (
          await db()
            .select()
            .from(gridFuelHourly)
            .where(and(eq(gridFuelHourly.respondent, respondent), eq(gridFuelHourly.period, new Date(lastHour))))
        ).map((f) => [f.fuel, f.value]),
      );
    const fake = (respondent: string, fuel: string) => fakeGridFuels(respondent, lastHour).find((f) => f.fuel === fuel)?.value ?? 0;
    const tex = await fuelsAt('TEX');
    // Battery storage charging stays negative, as battery storage; storage of an unknown kind is other storage.
    expect(tex['BAT']).toBe(-55);
    expect(tex['OES']).toBe(fake('TEX', 'OES') - 113);
    // Solar with an integrated battery counts as solar; a code the catalog does not know, as Other.
    expect(tex['SUN']).toBe(fake('TEX', 'SUN') + 12);
    expect(tex['OTH']).toBe(fake('TEX', 'OTH') + fake('TEX', 'UNK') + 5);
    const cal = await fuelsAt('CAL');
    expect(cal['GEO']).toBe(675);
    // California's negative Other was storage charging, reported under Other: it is drawn as other storage, and Other is 0.
    expect(cal['OTH']).toBe(0);
    expect(cal['OES']).toBe(fake('CAL', 'OES') + fake('CAL', 'UES') - 2352);
    const [lowest] = await db()
      .select({ value: gridFuelHourly.value })
      .from(gridFuelHourly)
      .where(eq(gridFuelHourly.fuel, 'OTH'))
      .orderBy(asc(gridFuelHourly.value))
      .limit(1);
    expect(lowest?.value).toBeGreaterThanOrEqual(0);

    // The page says the battery is charging and draws it in its colour; the API gives the negative figure.
    const page = await (await fetchCurrent(`${server.url}/grid/tex`)).text();
    expect(page).toMatch(/Battery storage<\/span>\s*<span[^>]*data-testid="grid-mix-drawing"[^>]*>\s*charging/);
    expect(page).toContain(`data-fuel="BAT"`);
    const api = (await (await fetchCurrent(`${server.url}/api/grid/TEX?start=${at}&end=${at}`)).json()) as {
      hours: { fuels: Record<string, number | null> }[];
    };
    expect(api.hours[0]?.fuels).toMatchObject({ BAT: -55, OES: tex['OES'], GEO: null });
  }, 120_000);

  it('is idempotent: a run with nothing new writes nothing and purges nothing', async () => {
    const before = await everything();
    const purge = await lastPurge();
    const row = await runNow();
    expect(row.lastMessage).toMatch(/^Up to date: EIA has no new or revised grid hours/);
    expect(await everything()).toBe(before);
    expect((await lastPurge())?.id).toBe(purge?.id);
  }, 120_000);

  it('reports and skips a failing query: the other is imported, the run is partial, says why and is not retried', async () => {
    const revised = eia.routes
      .get('electricity/rto/region-data')!
      .find((r) => r['respondent'] === 'CAL' && r['type'] === 'D' && r['period'] === fakeEiaHour(lastHour))!;
    revised['value'] = '1';
    const fuelsBefore = JSON.stringify(
      await db().select().from(gridFuelHourly).orderBy(gridFuelHourly.respondent, gridFuelHourly.period, gridFuelHourly.fuel),
    );
    // The fuel data fails (after the region data was fetched): the region data is still imported.
    eia.failNext('electricity/rto/fuel-type-data', 400);
    const row = await runNow();
    expect(row).toMatchObject({ lastStatus: 'partial', attempts: 0 });
    expect(row.lastMessage).toMatch(
      /^Imported 1 region hours and 0 generation-by-fuel figures from EIA .* Not imported: Grid generation by fuel from \S+ \(EIA: Simulated failure\)\./,
    );
    expect(row.nextRunAt.getUTCMinutes()).toBe(GRID_MINUTE);
    expect((await hours('CAL')).find((h) => h.period.getTime() === lastHour)?.demand).toBe(1);
    expect(
      JSON.stringify(await db().select().from(gridFuelHourly).orderBy(gridFuelHourly.respondent, gridFuelHourly.period, gridFuelHourly.fuel)),
    ).toBe(fuelsBefore);
    expect(server.output()).not.toMatch(/unhandled/i);
  }, 120_000);
});
