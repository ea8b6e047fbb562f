// State generation, retail prices and grid hours keep their vintages as the market series do:
// imports from the fake EIA (tests/fakes/eia.ts, shaped from the recorded answers in
// tests/fixtures/eia/), a figure revised in the fake, imported again: the first figure is kept,
// the revision is shown on the pages and in the data APIs, and the figures can be read as first
// published or as known at the end of a day.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { figureRevisions } from '@db/schema';
import { SITE_TIME_ZONE, formatShortDate } from '@/lib/format';
import { formatGigawatts } from '@/lib/grid-format';
import { formatCents } from '@/lib/state-format';
import { zonedParts } from '@/lib/zoned-time';
import { gridHistorySchema, type GridHistory } from '@/lib/wire/grid';
import { stateHistorySchema, type StateHistory } from '@/lib/wire/states';
import { eiaNumber } from '@/server/integrations/eia';
import { listVintagesOfRun } from '@/server/queries/figure-revisions';
import { listImportRuns } from '@/server/queries/import-runs';
import { eiaValueString, fakeEiaHour } from '../fakes/eia.ts';
import { apiClient } from '../helpers/api-client.ts';
import { useGridFake } from '../helpers/eia-server.ts';
import { reader } from '../helpers/reader.ts';
import { jobWatcher } from '../helpers/scheduled-jobs.ts';
import { useTestServer } from '../helpers/test-server.ts';

const PASSWORD = 'figure-vintages-password';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** `lastHour`: the fake's last whole hour, Texas' latest demand. */
const { eia, fakeNow, lastHour, settings } = useGridFake();
const server = useTestServer(() => ({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true', API_RATE_LIMIT: '1000', ...settings() }));
const api = apiClient(server, PASSWORD);
const { makeDue, waitForRunAfter } = jobWatcher(server, 'grid-import');
const get = reader(server);
const json = async <T>(path: string) => {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
};
const textOf = (html: string) =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ');
const day = (ms: number) => zonedParts(new Date(ms), SITE_TIME_ZONE).day;

/** Both imports, as the site runs them: the admin's Refresh (markets, state generation and prices) and the hourly grid job. */
async function importBoth() {
  const res = await api.call('POST', '/api/admin/market-data/refresh', { cookie: await api.signIn() });
  expect(res.status, res.text).toBe(200);
  const since = new Date();
  await makeDue();
  const row = await waitForRunAfter(since);
  expect(row.lastStatus, row.lastMessage).toBe('succeeded');
}

/** The fake's row of a route matching every given column. */
const fakeRow = (route: string, match: Record<string, string>) =>
  (eia.routes.get(route) ?? []).filter((r) => Object.entries(match).every(([k, v]) => r[k] === v)).at(-1);

describe('vintages of state and grid figures', () => {
  let month = '';
  const first = { price: NaN, generation: NaN, demand: NaN, solar: NaN };
  const revised = { price: NaN, generation: NaN, demand: NaN, solar: NaN };

  it('an import keeps every figure it stores as a first vintage; one that changes nothing writes none', async () => {
    /** One vintage per stored figure, none a revision (the samples were replaced: none of them is a vintage). */
    const expectFirstVintagesOnly = async () => {
      const byDataset = await server.database.client.execute(
        "SELECT dataset, count(*) AS n, max(revised) AS revised FROM figure_revisions WHERE dataset <> 'market' GROUP BY dataset",
      );
      const stored = await server.database.client
        .execute(`SELECT (SELECT count(*) FROM generation) AS generation, (SELECT count(*) FROM retail_prices) AS retail,
        (SELECT count(demand) + count(forecast) + count(generation) + count(interchange) FROM grid_hourly) AS grid, (SELECT count(*) FROM grid_fuel_hourly) AS "grid-fuel"`);
      expect(Object.fromEntries(byDataset.rows.map((r) => [r['dataset'], [Number(r['n']), Number(r['revised'])]]))).toEqual(
        Object.fromEntries(Object.entries(stored.rows[0] ?? {}).map(([dataset, n]) => [dataset, [Number(n), 0]])),
      );
    };
    await importBoth();
    await expectFirstVintagesOnly();
    // Again: the same figures (and the grid's week of older hours, new ones) write no revision.
    await importBoth();
    await expectFirstVintagesOnly();
  }, 240_000);

  it('an import that revises a state price, a state’s generation and a grid hour keeps the first figures; the pages say "Revised from"', async () => {
    // Seen ten days ago, so the figures as known on a day between can be read.
    await server.database.db.update(figureRevisions).set({ seenAt: new Date(fakeNow - 10 * DAY) });
    const state = await json<StateHistory>('/api/states/CA');
    month = state.months.at(-1)?.period ?? '';
    const price = fakeRow('electricity/retail-sales', { period: month, stateid: 'CA', sectorid: 'RES' });
    const generation = fakeRow('electricity/electric-power-operational-data', { period: month, location: 'CA', sectorid: '99', fueltypeid: 'NG' });
    const demand = fakeRow('electricity/rto/region-data', { period: fakeEiaHour(lastHour), respondent: 'TEX', type: 'D' });
    const solar = fakeRow('electricity/rto/fuel-type-data', { period: fakeEiaHour(lastHour), respondent: 'TEX', fueltype: 'SUN' });
    first.price = eiaNumber(price?.['price']) ?? NaN;
    first.generation = eiaNumber(generation?.['generation']) ?? NaN;
    first.demand = eiaNumber(demand?.['value']) ?? NaN;
    const grid = await json<GridHistory>(`/api/grid/TEX?start=${fakeEiaHour(lastHour)}&end=${fakeEiaHour(lastHour)}`);
    first.solar = grid.hours[0]?.fuels.SUN ?? NaN;
    expect(state.months.at(-1)?.prices.residential).toBe(first.price);
    expect(grid.hours[0]?.demand).toBe(first.demand);
    for (const v of Object.values(first)) expect(Number.isFinite(v)).toBe(true);

    // EIA revises them.
    revised.price = first.price + 1.5;
    revised.generation = Math.round(first.generation * 1.1 * 1000) / 1000;
    revised.demand = first.demand + 500;
    revised.solar = first.solar + 40;
    if (price) price['price'] = eiaValueString(revised.price);
    if (generation) generation['generation'] = eiaValueString(revised.generation, 3);
    if (demand) demand['value'] = String(revised.demand);
    if (solar) solar['value'] = String(Number(solar['value']) + 40);
    await importBoth();

    // The vintages: the first figures kept, each revision marked, seen by the run that imported it (the daily run, the grid's hourly run).
    const [run] = await listImportRuns(1, server.database.db);
    const [gridRun] = await listImportRuns(1, server.database.db, 'grid');
    expect(gridRun).toMatchObject({ kind: 'grid', status: 'succeeded', trigger: 'scheduled' });
    expect(gridRun?.rows).toBeGreaterThan(0);
    const revisions = await server.database.db
      .select({
        dataset: figureRevisions.dataset,
        figure: figureRevisions.figure,
        period: figureRevisions.period,
        value: figureRevisions.value,
        runId: figureRevisions.runId,
      })
      .from(figureRevisions)
      .where(eq(figureRevisions.revised, true))
      .orderBy(figureRevisions.dataset, figureRevisions.figure);
    expect(revisions).toEqual([
      { dataset: 'generation', figure: 'CA|NG', period: month, value: revised.generation, runId: run?.id },
      { dataset: 'grid', figure: 'TEX|demand', period: fakeEiaHour(lastHour), value: revised.demand, runId: gridRun?.id },
      { dataset: 'grid-fuel', figure: 'TEX|SUN', period: fakeEiaHour(lastHour), value: revised.solar, runId: gridRun?.id },
      { dataset: 'retail', figure: 'CA|RES', period: month, value: revised.price, runId: run?.id },
    ]);
    const kept = await server.database.db
      .select({ value: figureRevisions.value })
      .from(figureRevisions)
      .where(and(eq(figureRevisions.figure, 'CA|RES'), eq(figureRevisions.period, month), sql`${figureRevisions.dataset} = 'retail'`))
      .orderBy(figureRevisions.seenAt);
    expect(kept.map((k) => k.value)).toEqual([first.price, revised.price]);
    // What each run saw: its revisions, each with the figure it replaced, from the run's own vintages.
    const revisionsOf = async (runId: number | undefined) =>
      (await listVintagesOfRun(runId ?? -1, { limit: 1000, revised: true }, server.database.db)).map((v) => [
        v.dataset,
        v.figure,
        v.previousValue,
        v.value,
      ]);
    expect(await revisionsOf(run?.id)).toEqual([
      ['generation', 'CA|NG', first.generation, revised.generation],
      ['retail', 'CA|RES', first.price, revised.price],
    ]);
    expect(await revisionsOf(gridRun?.id)).toEqual([
      ['grid', 'TEX|demand', first.demand, revised.demand],
      ['grid-fuel', 'TEX|SUN', first.solar, revised.solar],
    ]);

    // The state's API: the latest figures, the revised ones saying what they were.
    const after = await json<StateHistory>('/api/states/CA');
    expect(stateHistorySchema.safeParse(after).error).toBeUndefined();
    const latest = after.months.at(-1);
    expect(latest?.prices.residential).toBe(revised.price);
    expect(latest?.generation['NG']).toBe(revised.generation);
    expect(Object.keys(latest?.revised ?? {}).sort()).toEqual(['generation.NG', 'prices.residential']);
    const priceRevision = latest?.revised?.['prices.residential'];
    expect(priceRevision).toMatchObject({ firstValue: first.price, previousValue: first.price, revisions: 1 });
    expect(Date.now() - Date.parse(priceRevision?.revisedAt ?? '')).toBeLessThan(10 * 60_000);
    expect(latest?.revised?.['generation.NG']).toMatchObject({ firstValue: first.generation, previousValue: first.generation, revisions: 1 });
    expect(after.months.slice(0, -1).every((m) => m.revised === undefined)).toBe(true);
    expect(after).toMatchObject({ vintage: 'latest', asOf: null });

    // The grid's API likewise.
    const hour = (await json<GridHistory>(`/api/grid/TEX?start=${fakeEiaHour(lastHour - 2 * HOUR)}&end=${fakeEiaHour(lastHour)}`)).hours;
    expect(gridHistorySchema.safeParse({ ...(await json<GridHistory>('/api/grid/TEX')) }).error).toBeUndefined();
    expect(hour.at(-1)).toMatchObject({ period: new Date(lastHour).toISOString(), demand: revised.demand });
    expect(hour.at(-1)?.fuels.SUN).toBe(revised.solar);
    const gridRevised = hour.at(-1)?.revised ?? {};
    expect(Object.keys(gridRevised).sort()).toEqual(['demand', 'fuels.SUN']);
    expect(gridRevised['demand']).toMatchObject({ firstValue: first.demand, previousValue: first.demand, revisions: 1 });
    expect(gridRevised['fuels.SUN']).toMatchObject({ firstValue: first.solar, previousValue: first.solar, revisions: 1 });
    expect(hour.slice(0, -1).every((h) => h.revised === undefined)).toBe(true);

    // The pages (the imports purged them) say so where they show the figure.
    const statePage = textOf(await (await get('/states/CA')).text());
    expect(statePage).toContain(`Revised from ${formatCents(first.price)} on ${formatShortDate(priceRevision?.revisedAt ?? '')}.`);
    const gridPage = textOf(await (await get('/grid/TEX')).text());
    expect(gridPage).toContain(
      `Revised from ${formatGigawatts(first.demand)} on ${formatShortDate(hour.at(-1)?.revised?.['demand']?.revisedAt ?? '')}.`,
    );
    // A state whose figures EIA did not revise says nothing of the kind.
    expect(await (await get('/states/TX')).text()).not.toContain('data-testid="revision"');
  }, 240_000);

  it('answers the state and grid figures as first published and as known at the end of a day, in JSON and CSV', async () => {
    const firstState = await json<StateHistory>('/api/states/CA?vintage=first');
    expect(firstState).toMatchObject({ vintage: 'first', asOf: null });
    const ofMonth = firstState.months.find((m) => m.period === month);
    expect(ofMonth?.prices.residential).toBe(first.price);
    expect(ofMonth?.generation['NG']).toBe(first.generation);
    expect(ofMonth?.revised).toBeUndefined();
    // The other figures are as stored: the latest read and the first one differ only where EIA revised.
    const latest = await json<StateHistory>('/api/states/CA');
    const strip = (h: StateHistory) => h.months.map(({ revised: _revised, ...m }) => m);
    const expected = strip(latest).map((m) =>
      m.period === month ? { ...m, prices: { ...m.prices, residential: first.price }, generation: { ...m.generation, NG: first.generation } } : m,
    );
    expect(strip(firstState)).toEqual(expected);
    // Five days ago the first figures were known; today the revised ones; twenty days ago none yet.
    const fiveDaysAgo = day(Date.now() - 5 * DAY);
    expect(strip(await json<StateHistory>(`/api/states/CA?asOf=${fiveDaysAgo}`))).toEqual(expected);
    expect((await json<StateHistory>(`/api/states/CA?asOf=${day(Date.now())}`)).months.find((m) => m.period === month)?.prices.residential).toBe(
      revised.price,
    );
    expect((await json<StateHistory>(`/api/states/CA?asOf=${day(Date.now() - 20 * DAY)}`)).months).toEqual([]);
    const csv = await get(`/api/states/CA?format=csv&vintage=first&start=${month}`);
    expect(csv.headers.get('Content-Disposition')).toMatch(/_first\.csv"$/);
    expect((await csv.text()).split('\r\n')[1]).toMatch(new RegExp(`^${month},${first.price},`));

    const range = `start=${fakeEiaHour(lastHour - 2 * HOUR)}&end=${fakeEiaHour(lastHour)}`;
    const firstGrid = await json<GridHistory>(`/api/grid/TEX?${range}&vintage=first`);
    expect(firstGrid).toMatchObject({ vintage: 'first', asOf: null });
    expect(firstGrid.hours.at(-1)).toMatchObject({ demand: first.demand });
    expect(firstGrid.hours.at(-1)?.fuels.SUN).toBe(first.solar);
    const thenGrid = await json<GridHistory>(`/api/grid/TEX?${range}&asOf=${fiveDaysAgo}`);
    expect(thenGrid.hours).toEqual(firstGrid.hours);
    const gridCsv = await get(`/api/grid/TEX?${range}&format=csv&asOf=${fiveDaysAgo}`);
    expect(gridCsv.headers.get('Content-Disposition')).toMatch(new RegExp(`_as-of-${fiveDaysAgo}\\.csv"$`));
    expect((await gridCsv.text()).trimEnd().split('\r\n').at(-1)).toContain(`,${first.demand},`);
  }, 120_000);

  it('refuses an unknown vintage, a bad asOf, and asOf with vintage=first on the state and grid APIs', async () => {
    for (const path of ['/api/states/CA', '/api/grid/TEX']) {
      for (const [query, field] of [
        ['vintage=second', 'vintage'],
        ['asOf=2026-02-30', 'asOf'],
        ['asOf=2026-11-20&vintage=first', 'asOf'],
      ] as const) {
        const response = await get(`${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBe(400);
        const body = (await response.json()) as { errors: Record<string, string[]> };
        expect(body.errors[field]?.[0], query).toEqual(expect.any(String));
      }
    }
  });
});
