// State generation, retail prices and sales, and grid hours keep their vintages as the market series do:
// imports from the fake EIA (tests/fakes/eia.ts, shaped from the recorded answers in
// tests/fixtures/eia/), a figure revised in the fake, imported again: the first figure is kept,
// the revision is shown on the pages and in the data APIs, and the figures can be read as first
// published or as known at the end of a day.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { figureRevisions } from '@db/schema';
import { SITE_TIME_ZONE, formatShortDate } from '@/lib/format';
import { formatGigawatts } from '@/lib/grid-format';
import { formatNumber } from '@/lib/market-format';
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
/**
 * The data tables of a page (the charts' table views), by their label: each revised row's key
 * (its period's machine date) with the words of its marks ("Revised from … on …").
 */
function revisedRows(html: string): Map<string, Map<string, string[]>> {
  const tables = new Map<string, Map<string, string[]>>();
  for (const part of html.split('<div role="region" aria-label="').slice(1)) {
    const label = part.slice(0, part.indexOf('"'));
    const rows = new Map<string, string[]>();
    for (const row of part.slice(0, part.indexOf('</table>')).split('<tr').slice(1)) {
      const key = /<th scope="row"[^>]*>\s*<time datetime="([^"]+)"/i.exec(row)?.[1] ?? '';
      const marks = [...row.matchAll(/<span[^>]*data-testid="cell-revision"[^>]*>(.*?)<\/span>/g)].map((m) => textOf(m[1] ?? '').trim());
      if (marks.length > 0) rows.set(key, marks);
    }
    tables.set(label, rows);
  }
  return tables;
}
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
  const first = { price: NaN, sales: NaN, generation: NaN, demand: NaN, solar: NaN };
  const revised = { price: NaN, sales: NaN, generation: NaN, demand: NaN, solar: NaN };

  it('an import keeps every figure it stores as a first vintage; one that changes nothing writes none', async () => {
    /** One vintage per stored figure, none a revision (the samples were replaced: none of them is a vintage). */
    const expectFirstVintagesOnly = async () => {
      const byDataset = await server.database.client.execute(
        "SELECT dataset, count(*) AS n, max(revised) AS revised FROM figure_revisions WHERE dataset <> 'market' GROUP BY dataset",
      );
      const stored = await server.database.client
        .execute(`SELECT (SELECT count(*) FROM generation) AS generation, (SELECT count(*) FROM retail_prices) AS retail, (SELECT count(*) FROM retail_sales) AS "retail-sales",
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

  it('an import that revises a state price, its sales, a state’s generation and a grid hour keeps the first figures; the pages say "Revised from"', async () => {
    // Seen ten days ago, so the figures as known on a day between can be read.
    await server.database.db.update(figureRevisions).set({ seenAt: new Date(fakeNow - 10 * DAY) });
    const state = await json<StateHistory>('/api/states/CA');
    month = state.months.at(-1)?.period ?? '';
    const price = fakeRow('electricity/retail-sales', { period: month, stateid: 'CA', sectorid: 'RES' });
    const generation = fakeRow('electricity/electric-power-operational-data', { period: month, location: 'CA', sectorid: '99', fueltypeid: 'NG' });
    const demand = fakeRow('electricity/rto/region-data', { period: fakeEiaHour(lastHour), respondent: 'TEX', type: 'D' });
    const solar = fakeRow('electricity/rto/fuel-type-data', { period: fakeEiaHour(lastHour), respondent: 'TEX', fueltype: 'SUN' });
    first.price = eiaNumber(price?.['price']) ?? NaN;
    first.sales = eiaNumber(price?.['sales']) ?? NaN;
    first.generation = eiaNumber(generation?.['generation']) ?? NaN;
    first.demand = eiaNumber(demand?.['value']) ?? NaN;
    const grid = await json<GridHistory>(`/api/grid/TEX?start=${fakeEiaHour(lastHour)}&end=${fakeEiaHour(lastHour)}`);
    first.solar = grid.hours[0]?.fuels.SUN ?? NaN;
    expect(state.months.at(-1)?.prices.residential).toBe(first.price);
    expect(state.months.at(-1)?.sales.residential).toBe(first.sales);
    expect(grid.hours[0]?.demand).toBe(first.demand);
    for (const v of Object.values(first)) expect(Number.isFinite(v)).toBe(true);

    // EIA revises them.
    revised.price = first.price + 1.5;
    revised.sales = Math.round((first.sales + 123.45678) * 100_000) / 100_000;
    revised.generation = Math.round(first.generation * 1.1 * 1000) / 1000;
    revised.demand = first.demand + 500;
    revised.solar = first.solar + 40;
    if (price) price['price'] = eiaValueString(revised.price);
    if (price) price['sales'] = eiaValueString(revised.sales, 5);
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
      { dataset: 'retail-sales', figure: 'CA|RES', period: month, value: revised.sales, runId: run?.id },
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
      ['retail-sales', 'CA|RES', first.sales, revised.sales],
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
    expect(latest?.sales.residential).toBe(revised.sales);
    expect(Object.keys(latest?.revised ?? {}).sort()).toEqual(['generation.NG', 'prices.residential', 'sales.residential']);
    expect(latest?.revised?.['sales.residential']).toMatchObject({ firstValue: first.sales, previousValue: first.sales, revisions: 1 });
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
    const stateHtml = await (await get('/states/CA')).text();
    const statePage = textOf(stateHtml);
    expect(statePage).toContain(`Revised from ${formatCents(first.price)} on ${formatShortDate(priceRevision?.revisedAt ?? '')}.`);
    // Its retail sales table: the revised residential sales of the latest month, in million kWh, saying what they were.
    const salesAt = stateHtml.indexOf('data-testid="state-sales"');
    const salesTable = textOf(stateHtml.slice(salesAt, stateHtml.indexOf('</table>', salesAt)));
    expect(salesAt).toBeGreaterThan(0);
    expect(salesTable).toMatch(new RegExp(`Residential ?${formatNumber(revised.sales, 0)} ?Revised from`));
    expect(salesTable).toContain(`Revised from ${formatNumber(first.sales, 0)} on ${formatShortDate(priceRevision?.revisedAt ?? '')}.`);
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
    expect(ofMonth?.sales.residential).toBe(first.sales);
    expect(ofMonth?.revised).toBeUndefined();
    // The other figures are as stored: the latest read and the first one differ only where EIA revised.
    const latest = await json<StateHistory>('/api/states/CA');
    const strip = (h: StateHistory) => h.months.map(({ revised: _revised, ...m }) => m);
    const expected = strip(latest).map((m) =>
      m.period === month
        ? {
            ...m,
            prices: { ...m.prices, residential: first.price },
            sales: { ...m.sales, residential: first.sales },
            generation: { ...m.generation, NG: first.generation },
          }
        : m,
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
    const [head, firstRow] = (await csv.text()).split('\r\n');
    expect(firstRow).toMatch(new RegExp(`^${month},${first.price},`));
    // The sales as first published, in their column.
    expect(firstRow?.split(',')[head?.split(',').indexOf('ca_residential_sales_million_kwh') ?? -1]).toBe(String(first.sales));

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

  it('an import that revises an older month and an older hour marks that row of the page’s tables, and says so in the APIs', async () => {
    const before = await json<StateHistory>('/api/states/CA');
    const older = before.months.at(-3)?.period ?? '';
    expect(older < month).toBe(true);
    // An hour a day back that the fake gives a demand (the fake leaves some hours a gap, as EIA does), inside what the next import reads again.
    const olderHour =
      [...Array(20).keys()]
        .map((i) => lastHour - (5 + i) * HOUR)
        .find(
          (h) => eiaNumber(fakeRow('electricity/rto/region-data', { period: fakeEiaHour(h), respondent: 'TEX', type: 'D' })?.['value']) !== undefined,
        ) ?? NaN;
    const price = fakeRow('electricity/retail-sales', { period: older, stateid: 'CA', sectorid: 'RES' });
    const demand = fakeRow('electricity/rto/region-data', { period: fakeEiaHour(olderHour), respondent: 'TEX', type: 'D' });
    const oldPrice = eiaNumber(price?.['price']) ?? NaN;
    const oldDemand = eiaNumber(demand?.['value']) ?? NaN;
    expect(before.months.at(-3)?.prices.residential).toBe(oldPrice);
    if (price) price['price'] = eiaValueString(oldPrice + 2.25);
    if (demand) demand['value'] = String(oldDemand - 700);
    await importBoth();

    // The APIs: the older month and hour say what they were; the months and hours between say nothing.
    const state = await json<StateHistory>('/api/states/CA');
    expect(stateHistorySchema.safeParse(state).error).toBeUndefined();
    const olderMonth = state.months.find((m) => m.period === older);
    expect(olderMonth?.prices.residential).toBe(oldPrice + 2.25);
    expect(olderMonth?.revised).toEqual({
      'prices.residential': { firstValue: oldPrice, previousValue: oldPrice, revisedAt: expect.any(String) as string, revisions: 1 },
    });
    expect(state.months.filter((m) => m.revised !== undefined).map((m) => m.period)).toEqual([older, month]);
    const revisedAt = olderMonth?.revised?.['prices.residential']?.revisedAt ?? '';
    expect(Date.now() - Date.parse(revisedAt)).toBeLessThan(10 * 60_000);
    const hours = (await json<GridHistory>(`/api/grid/TEX?start=${fakeEiaHour(olderHour - 2 * HOUR)}&end=${fakeEiaHour(lastHour)}`)).hours;
    const hourOf = hours.find((h) => h.period === new Date(olderHour).toISOString());
    expect(hourOf?.demand).toBe(oldDemand - 700);
    expect(hourOf?.revised).toEqual({
      demand: { firstValue: oldDemand, previousValue: oldDemand, revisedAt: expect.any(String) as string, revisions: 1 },
    });
    expect(hours.filter((h) => h.revised !== undefined).map((h) => h.period)).toEqual([
      new Date(olderHour).toISOString(),
      new Date(lastHour).toISOString(),
    ]);

    // The state page's price table marks the older month's price (and the latest month's, revised before), no other row or cell.
    const stateTables = revisedRows(await (await get('/states/CA')).text());
    const priceTable = [...stateTables.entries()].find(([label]) => label.includes('residential electricity price'))?.[1];
    expect(priceTable).toEqual(
      new Map([
        [`${older}-01`, [`Revised from ${formatNumber(oldPrice, 2)} on ${formatShortDate(revisedAt)}`]],
        [`${month}-01`, [`Revised from ${formatNumber(first.price, 2)} on ${formatShortDate(revisedAt)}`]],
      ]),
    );
    // Its generation table marks the latest month's gas (revised before) only.
    const generationTable = [...stateTables.entries()].find(([label]) => label.includes('net generation by fuel'))?.[1];
    expect([...(generationTable?.keys() ?? [])]).toEqual([`${month}-01`]);
    expect(generationTable?.get(`${month}-01`)).toEqual([`Revised from ${formatNumber(first.generation, 0)} on ${formatShortDate(revisedAt)}`]);
    // A state EIA did not revise marks nothing.
    expect([...revisedRows(await (await get('/states/TX')).text()).values()].every((rows) => rows.size === 0)).toBe(true);

    // The grid page's demand table marks the older hour's demand and the latest hour's, in gigawatts; its fuel table the latest hour's solar.
    const gridTables = revisedRows(await (await get('/grid/TEX')).text());
    const byLabel = (part: string) => [...gridTables.entries()].find(([label]) => label.includes(part))?.[1];
    const demandTable = byLabel('hourly demand');
    const instant = (ms: number) => [...(demandTable?.keys() ?? [])].find((k) => Date.parse(k) === ms);
    expect(demandTable?.size).toBe(2);
    expect(demandTable?.get(instant(olderHour) ?? '')).toEqual([
      `Revised from ${formatNumber(oldDemand / 1000, 1)} on ${formatShortDate(revisedAt)}`,
    ]);
    expect(demandTable?.get(instant(lastHour) ?? '')?.[0]).toMatch(new RegExp(`^Revised from ${formatNumber(first.demand / 1000, 1)} on `));
    const fuelTable = byLabel('net generation by fuel');
    expect([...(fuelTable?.keys() ?? [])].map((k) => Date.parse(k))).toEqual([lastHour]);
    expect(byLabel('interchange')?.size).toBe(0);
  }, 240_000);

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
