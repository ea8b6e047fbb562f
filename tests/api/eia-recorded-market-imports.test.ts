// Recorded EIA answers (tests/fixtures/eia/, each with its source in that folder's README) through
// whole imports, over HTTP from the fake EIA, as a web process runs them, each with the import's
// clock just after its recording:
// - petroleum/pri/spt: Brent spot (RBRTE), 100 days of 1987, recorded by andreramolivaz/oil-paper-trading
//   (tests/fixtures/eia/rbrte_spot_page1_100rows.json, commit 8c2fc466bc08080fbf4826900eab1bccbfe73575);
// - steo: the Brent outlook (BREPUUS), 1990-1991, same project (steo_brepuus_full.json, trimmed to 24 months);
// - petroleum/pri/fut: WTI futures RCLC1-4, the last three days before EIA ended them, same project
//   (fut_rclc1_4_last3days.json);
// - petroleum/stoc/wstk: weekly stocks, five weeks of 2026, same project (wpsr_stoc_wstk_20weeks.json, trimmed);
// - electricity/rto/fuel-type-data: 2026-09-11T04-05 with geothermal, other energy storage, UNK and
//   WNB, recorded by giraffeTreePruner/Grid_Authority (tests/fixtures/eia/pagination/fuel-type-page-001.json,
//   commit 8cf43765b3c24877f48dc9b09434a585228727b4, trimmed to the site's respondents);
// - one-row answers recorded by OpenBB-finance/OpenBB's cassettes
//   (openbb_platform/providers/eia/tests/record/http/test_eia_fetchers/, commits in the fixtures'
//   README): WTI spot (1986-01-03), Henry Hub contract 4 (1993-12-24), US conventional regular
//   gasoline (1990-08-20), nonsalt-region working gas (2010-01-01), US crude production
//   (1920-01) and Alaska's retail price and sales, all sectors (2001-01). Where the recorded series is not
//   the one the catalog reads (gasoline, storage, production), its row is served as recorded
//   under the catalog's series code (`as`), every other column and the value as sent.
// Each route answers only its recording (every other route answers no rows), so a run stores
// exactly what EIA recorded: every row, every value as sent, nothing of a series' sample left.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gridFuelHourly, marketObservations, marketSeries, retailPrices, retailSales } from '@db/schema';
import { MARKET_SERIES, type MarketSeriesFacts } from '@db/catalog/market-series';
import { eiaFixtureRows, startFakeEia } from '../fakes/eia.ts';
import { fuelAt, RECORDED_2026_FUELS, recordedFuelHours, totalOf } from '../helpers/grid-fuels.ts';
import { fakeEiaSettings } from '../helpers/eia-server.ts';
import { useServerDatabase } from '../helpers/database.ts';
import { MAIL_SITE_ENV } from '../helpers/mail-process.ts';

const ROUTES = [
  'petroleum/pri/spt',
  'petroleum/pri/fut',
  'natural-gas/pri/fut',
  'petroleum/pri/gnd',
  'petroleum/stoc/wstk',
  'natural-gas/stor/wkly',
  'petroleum/crd/crpdn',
  'steo',
  'electricity/retail-sales',
  'electricity/electric-power-operational-data',
  'electricity/rto/region-data',
  'electricity/rto/fuel-type-data',
];
const eia = await startFakeEia({ maxPage: 40, routes: new Map(ROUTES.map((route) => [route, []])) });
useServerDatabase('eia-recorded-market-imports');
Object.assign(process.env, { ...MAIL_SITE_ENV, ...fakeEiaSettings(eia) });
const { db } = await import('@/server/db');
const { runEiaImport } = await import('@/server/services/markets/import-runs');
const { importGridFromEia } = await import('@/server/services/grid/import');

/** A series' stored observations, period to value. */
async function stored(slug: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ period: marketObservations.period, value: marketObservations.value })
    .from(marketObservations)
    .innerJoin(marketSeries, eq(marketSeries.id, marketObservations.seriesId))
    .where(eq(marketSeries.slug, slug));
  return Object.fromEntries(rows.map((r) => [r.period, r.value]));
}

/** The recordings, in the order of their dates, with the import's clock just after each (`as`: the catalog's series code the recorded row is served under). */
const RECORDINGS: { file: string; route: string; now: string; series: readonly string[]; as?: string }[] = [
  {
    file: 'petroleum-crd-crpdn-mcrfpus1.json',
    route: 'petroleum/crd/crpdn',
    now: '1920-02-20T15:00:00Z',
    series: ['crude-production'],
    as: 'MCRFPUS2',
  },
  { file: 'petroleum-pri-spt-rwtc.json', route: 'petroleum/pri/spt', now: '1986-01-06T15:00:00Z', series: ['wti'] },
  { file: 'petroleum-pri-spt-rbrte.json', route: 'petroleum/pri/spt', now: '1987-10-08T15:00:00Z', series: ['brent'] },
  { file: 'petroleum-pri-gnd-epmru.json', route: 'petroleum/pri/gnd', now: '1990-08-22T15:00:00Z', series: ['gasoline'], as: 'EMM_EPMR_PTE_NUS_DPG' },
  { file: 'steo-brepuus.json', route: 'steo', now: '1992-01-15T15:00:00Z', series: ['brent-steo'] },
  { file: 'natural-gas-pri-fut-rngc4.json', route: 'natural-gas/pri/fut', now: '1993-12-28T15:00:00Z', series: ['henry-hub-futures-4'] },
  {
    file: 'natural-gas-stor-wkly-sno-r33.json',
    route: 'natural-gas/stor/wkly',
    now: '2010-01-08T15:00:00Z',
    series: ['gas-storage'],
    as: 'NW2_EPG0_SWO_R48_BCF',
  },
  {
    file: 'petroleum-pri-fut-rclc.json',
    route: 'petroleum/pri/fut',
    now: '2024-04-08T15:00:00Z',
    series: [1, 2, 3, 4].map((n) => `wti-futures-${n}`),
  },
  {
    file: 'petroleum-stoc-wstk.json',
    route: 'petroleum/stoc/wstk',
    now: '2026-09-30T15:00:00Z',
    series: ['crude-inventories', 'cushing-stocks', 'distillate-inventories'],
  },
];

describe('recorded EIA market answers through whole imports', () => {
  it('stores every recorded observation of each series as EIA sent it ("18.6", "86.1", three decimals), none lost, none failing', async () => {
    let replayed = 0;
    for (const { file, route, now, series, as } of RECORDINGS) {
      const rows = eiaFixtureRows(file).map((r) => (as ? { ...r, series: as } : r));
      eia.routes.set(route, rows);
      const summary = await runEiaImport({ paceMs: 0, now: Date.parse(now) });
      eia.routes.set(route, []);
      expect(summary.failed, file).toEqual([]);
      expect(summary.skipped, file).toEqual([]);
      expect(summary.notices, file).toEqual([]);
      for (const slug of series) {
        const facts = (MARKET_SERIES as readonly MarketSeriesFacts[]).find((s) => s.slug === slug);
        expect(facts?.eia.route, slug).toBe(route);
        // The rows EIA answers the series' query: those of its facet values.
        const own = rows.filter((r) => Object.entries(facts?.eia.facets ?? {}).every(([facet, values]) => values.includes(String(r[facet]))));
        expect(own.length, slug).toBeGreaterThan(0);
        const monthly = facts?.frequency === 'monthly';
        expect(await stored(slug), slug).toEqual(
          Object.fromEntries(own.map((r) => [monthly ? `${String(r['period'])}-01` : String(r['period']), Number(r['value'])])),
        );
        expect(summary.series.find((s) => s.slug === slug)).toMatchObject({ read: own.length, written: own.length });
        replayed += own.length;
      }
    }
    // Brent spot 100, the Brent outlook 24, WTI futures 1-4 12, crude, Cushing and distillate stocks 15 (gasoline is not in the catalog),
    // and one row each of production, WTI spot, retail gasoline, Henry Hub contract 4 and gas storage.
    expect(replayed).toBe(100 + 24 + 12 + 15 + 5);
    // The recorded strings, read: the trailing zero EIA drops ("18.6"), the outlook's three decimals ("21.251").
    expect((await stored('brent'))['1987-05-25']).toBe(18.6);
    expect(Object.values(await stored('brent-steo'))).toContain(21.251);
    expect(await stored('henry-hub-futures-4')).toEqual({ '1993-12-24': 1.869 });
    expect(await stored('crude-production')).toEqual({ '1920-01-01': 34008 });
  }, 180_000);

  it('stores the recorded retail price and sales of a state and sector as EIA sent them, its other columns (a null customer count) no hindrance', async () => {
    const rows = eiaFixtureRows('electricity-retail-sales.json');
    eia.routes.set('electricity/retail-sales', rows);
    const summary = await runEiaImport({ paceMs: 0, now: Date.parse('2001-02-20T15:00:00Z') });
    eia.routes.set('electricity/retail-sales', []);
    expect(summary.failed).toEqual([]);
    expect(summary.skipped).toEqual([]);
    expect(summary.retailPrices).toBe(1);
    expect(await db.select().from(retailPrices)).toEqual([{ state: 'AK', sector: 'ALL', period: '2001-01', price: 9.97, sample: false }]);
    expect(summary.retailSales).toBe(1);
    expect(await db.select().from(retailSales)).toEqual([{ state: 'AK', sector: 'ALL', period: '2001-01', value: 521.03566, sample: false }]);
  }, 120_000);

  it('stores the recorded 2026 fuels of the grid: geothermal as geothermal, other storage 0 as a figure, wind with batteries as wind', async () => {
    const rows = eiaFixtureRows('rto-fuel-type-data-2026-09-11.json');
    eia.routes.set('electricity/rto/fuel-type-data', rows);
    const summary = await importGridFromEia({ paceMs: 0, now: Date.parse('2026-09-11T06:20:00Z') });
    expect(summary.failed).toEqual([]);
    expect(summary.skipped).toEqual([]);
    const fuels = await db.select().from(gridFuelHourly);
    const at = fuelAt(fuels);
    for (const [respondent, hour, fuel, value] of RECORDED_2026_FUELS)
      expect(at(respondent, hour, fuel), `${respondent} ${hour} ${fuel}`).toBe(value);
    // Nothing lost or made up: each respondent's stored fuels add up to what EIA recorded for its hour.
    for (const { key, sent, stored } of recordedFuelHours(rows, fuels)) {
      expect(totalOf(stored), key).toBe(sent);
      expect(stored.every((f) => !f.sample)).toBe(true);
    }
  }, 120_000);
});
