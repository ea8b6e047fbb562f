import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  generation,
  importRuns,
  marketObservations,
  marketSeries,
  outbox,
  retailPrices,
  retailSales,
  scheduledJobs,
  subscriberAlerts,
  subscribers,
} from '@db/schema';
import { FAKE_EIA_KEY, startFakeEia } from '../fakes/eia.ts';
import { eiaNumber } from '@/server/integrations/eia';
import { findRunningImport, listImportRuns } from '@/server/queries/import-runs';
import { apiClient } from '../helpers/api-client.ts';
import { seriesVintages } from '../helpers/market-revisions.ts';
import { fetchCurrent } from '../helpers/purge.ts';
import { planRecorder, planShapes } from '../helpers/query-plans.ts';
import { useFake } from '../helpers/suite.ts';
import { startTestServer, useTestServer } from '../helpers/test-server.ts';

const PASSWORD = 'eia-admin-password';
// Pages of at most 40 rows, so the generation query takes several requests.
const eia = useFake(() => startFakeEia({ maxPage: 40 }));
const server = useTestServer(() => ({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true', EIA_API_KEY: FAKE_EIA_KEY, EIA_API_URL: `${eia.url}/v2` }));
const api = apiClient(server, PASSWORD);
let cookie: string;

beforeAll(async () => {
  cookie = await api.signIn();
  // Two readers with price alerts on WTI, for the first import to look at.
  const db = server.database.db;
  const createdAt = new Date();
  const readers = await db
    .insert(subscribers)
    .values(
      ['moves@example.com', 'rises@example.com'].map((email, i) => ({
        email,
        status: 'active' as const,
        priceAlerts: true,
        tokenSalt: `alert-${i}`,
        manageTokenHash: `hash-alert-${i}`,
        createdAt,
      })),
    )
    .returning({ id: subscribers.id });
  await db.insert(subscriberAlerts).values([
    // The fake's WTI moves by 10 cents a day around $60: any move fires the first rule, the price never rises through $70.
    { subscriberId: readers[0]?.id ?? 0, seriesSlug: 'wti', kind: 'move', value: 0.01, createdAt },
    { subscriberId: readers[1]?.id ?? 0, seriesSlug: 'wti', kind: 'above', value: 70, createdAt },
  ]);
});

/** Everything the import may touch, to compare before and after. */
async function snapshot() {
  const db = server.database.db;
  const observations = await db.select().from(marketObservations).orderBy(marketObservations.seriesId, marketObservations.period);
  const gen = await db.select().from(generation).orderBy(generation.period, generation.location, generation.fuel);
  const series = await db.select({ slug: marketSeries.slug, source: marketSeries.source }).from(marketSeries).orderBy(marketSeries.id);
  const vintages = await seriesVintages(db);
  return JSON.stringify({ observations, gen, series, vintages });
}

/** WTI's vintages of one period, oldest first. */
async function wtiVintages(period: string) {
  const [wti] = await server.database.db.select({ id: marketSeries.id }).from(marketSeries).where(eq(marketSeries.slug, 'wti'));
  return (await seriesVintages(server.database.db, wti?.id ?? -1))
    .filter((v) => v.period === period)
    .map(({ value, seenAt, runId }) => ({ value, seenAt, runId }));
}

/** The home page's Production card as text-bearing HTML (React's text separators removed). */
function productionCard(home: string): string {
  const html = home.replace(/<!--.*?-->/g, '');
  return html.slice(html.indexOf('>Production<'), html.indexOf('>Energy Mix<'));
}

const refresh = () => api.call('POST', '/api/admin/market-data/refresh', { cookie });
/** A refresh while the fake pages one route wrongly (`kind`); the fault is taken away after it, whatever happens. */
async function refreshWithPagingFault(route: string, kind: 'endless' | 'short') {
  eia.pagingFault(route, { kind });
  try {
    return await refresh();
  } finally {
    eia.pagingFault(route, undefined);
  }
}

describe('EIA import', () => {
  it('is admin-only', async () => {
    expect((await api.call('POST', '/api/admin/market-data/refresh')).status).toBe(401);
    expect((await api.call('GET', '/api/admin/market-data')).status).toBe(401);
  });

  it('shows no seeded production history on a site with a key before an import: the Production card waits for EIA’s figures', async () => {
    const series = await server.database.db.select({ id: marketSeries.id, slug: marketSeries.slug, source: marketSeries.source }).from(marketSeries);
    const production = series.find((s) => s.slug === 'crude-production');
    expect(production?.source).toBe('seed');
    expect(
      await server.database.db
        .select()
        .from(marketObservations)
        .where(eq(marketObservations.seriesId, production?.id ?? 0)),
    ).toEqual([]);
    const card = productionCard(await (await fetchCurrent(`${server.url}/`)).text());
    expect(card).not.toContain('Sample data (seeded history, not EIA figures)');
    expect(card).toContain('US crude oil production from EIA appears here once the editors import it.');
    expect(card).not.toContain('MCRFPUS2');
    // Sample history is no vintage of EIA's figures.
    expect(await seriesVintages(server.database.db)).toEqual([]);
  });

  it('imports with the real request shape, replaces the sample history, skips gaps and pages through', async () => {
    eia.requests.length = 0;
    // One rate-limited answer on the way: retried after Retry-After.
    eia.failNext('petroleum/pri/gnd', 429, 1);
    // A withheld value ("W"), neither a number nor one of EIA's gaps.
    const diesel = (eia.routes.get('petroleum/pri/gnd') ?? []).filter((r) => r['series'] === 'EMD_EPD2D_PTE_NUS_DPG');
    const withheld = diesel[0]!;
    const dieselValue = withheld['value'];
    withheld['value'] = 'W';
    let res: Awaited<ReturnType<typeof refresh>>;
    try {
      res = await refresh();
    } finally {
      withheld['value'] = dieselValue;
    }
    expect(res.status).toBe(200);
    // Each series is named with what it gained.
    expect(res.json['message']).toMatch(
      /^Imported [\d,]+ new or revised observations \(.+\), [\d,]+ generation figures, [\d,]+ state retail prices and [\d,]+ state retail sales figures from EIA\. /,
    );
    // Every gap EIA sent ("NA", null) is counted in the run log, and the unreadable value apart from them.
    expect(res.json['message']).toContain(
      "Gaps in EIA's answers (no figure sent), skipped: WTI Crude Oil 1, Brent Crude Oil 1, US Crude Oil Production 1, Cushing, OK Crude Oil Stocks 1, Brent Crude Oil, EIA Forecast 1, WTI Crude Oil Futures, Contract 3 1, Generation by state and fuel 4, Retail prices by state and sector 1, Retail sales by state and sector 1.",
    );
    expect(res.json['message']).toContain('Values EIA sent that are not numbers, skipped: US On-Highway Diesel 1 (such as "W").');
    const log = (await api.call('GET', '/api/admin/market-data', { cookie })).json['runs'] as { status: string; message: string }[];
    expect(log[0]).toEqual(expect.objectContaining({ status: 'succeeded', message: res.json['message'] }));
    expect(res.json['message']).toContain('WTI Crude Oil ');
    expect(res.json['message']).toMatch(/US Crude Oil Production 13[,)]/);

    const spot = eia.requests.find((r) => r.path === '/v2/petroleum/pri/spt/data/');
    expect(spot?.query.get('api_key')).toBe(FAKE_EIA_KEY);
    expect(spot?.query.get('frequency')).toBe('daily');
    expect(spot?.query.get('data[0]')).toBe('value');
    expect(spot?.query.getAll('facets[series][]')).toEqual(['RWTC']);
    expect(spot?.query.get('sort[0][column]')).toBe('period');
    expect(spot?.query.get('length')).toBe('5000');
    expect(spot?.headers['user-agent']).toMatch(/^EnergyPulse\//);
    // Gasoline twice (the 429, then its retry), and diesel once.
    expect(eia.requests.filter((r) => r.path === '/v2/petroleum/pri/gnd/data/')).toHaveLength(3);
    const genOffsets = eia.requests.filter((r) => r.path.includes('electric-power-operational-data')).map((r) => r.query.get('offset'));
    expect(genOffsets.length).toBeGreaterThan(2);
    expect(genOffsets.slice(0, 3)).toEqual(['0', '40', '80']);

    const db = server.database.db;
    const wtiRows = await db
      .select({ period: marketObservations.period, value: marketObservations.value })
      .from(marketObservations)
      .innerJoin(marketSeries, eq(marketSeries.id, marketObservations.seriesId))
      .where(eq(marketSeries.slug, 'wti'));
    const expected = (eia.routes.get('petroleum/pri/spt') ?? []).filter((r) => r['series'] === 'RWTC' && eiaNumber(r['value']) !== undefined);
    expect(wtiRows).toHaveLength(expected.length);
    expect(wtiRows.find((r) => r.period === expected[0]?.['period'])?.value).toBe(Number(expected[0]?.['value']));
    const [wti] = await db.select().from(marketSeries).where(eq(marketSeries.slug, 'wti'));
    expect(wti?.source).toBe('eia:petroleum/pri/spt:RWTC');

    const electricity = await db
      .select({ period: marketObservations.period })
      .from(marketObservations)
      .innerJoin(marketSeries, eq(marketSeries.id, marketObservations.seriesId))
      .where(eq(marketSeries.slug, 'electricity'));
    expect(electricity.every((r) => /^\d{4}-\d{2}-01$/.test(r.period))).toBe(true);

    const [seedLeft] = await db
      .select({ n: sql<number>`count(*)` })
      .from(generation)
      .where(eq(generation.source, 'seed'));
    expect(seedLeft?.n).toBe(0);
    const vtCoal = await db
      .select()
      .from(generation)
      .where(and(eq(generation.location, 'VT'), eq(generation.fuel, 'COW')));
    expect(vtCoal).toHaveLength(0);
    const [gen] = await db.select({ n: sql<number>`count(*)` }).from(generation);
    // 4 months × 4 locations × 7 fuels, less Vermont's coal gaps.
    expect(gen?.n).toBe(4 * 4 * 7 - 4);
    // Vermont's figures are below 1 and written without a leading zero (".72"): every one is kept.
    const vermont = await db.select().from(generation).where(eq(generation.location, 'VT')).orderBy(generation.period, generation.fuel);
    expect(vermont).toHaveLength(4 * 6);
    expect(vermont.find((g) => g.fuel === 'NG')?.value).toBe(0.72);

    // Retail prices by state and sector: every state and the US, four sectors, gaps and other sectors left out, the sample replaced.
    const retail = eia.requests.filter((r) => r.path === '/v2/electricity/retail-sales/data/' && r.query.getAll('facets[stateid][]').length > 1);
    expect(retail[0]?.query.getAll('facets[sectorid][]')).toEqual(['RES', 'COM', 'IND', 'ALL']);
    expect(retail[0]?.query.getAll('facets[stateid][]')).toHaveLength(52);
    // The prices and the sales in the same query, two data columns of the same rows (as the recording asks four): its pages, no other.
    expect(retail.map((r) => r.query.get('offset'))).toEqual(['0', '40']);
    for (const r of retail)
      expect([r.query.getAll('data[0]'), r.query.getAll('data[1]'), r.query.get('data[2]')]).toEqual([['price'], ['sales'], null]);
    const prices = await db.select().from(retailPrices);
    // 4 months × 5 places × 4 sectors, less Hawaii's industrial gap.
    expect(prices).toHaveLength(4 * 5 * 4 - 1);
    expect(prices.every((p) => !p.sample && p.sector !== 'TRA')).toBe(true);
    expect(prices.filter((p) => p.state === 'HI' && p.sector === 'IND')).toHaveLength(3);
    // The sales likewise, less Vermont's industrial gap (null), each as EIA wrote it (five decimals), the sample replaced.
    const sales = await db.select().from(retailSales);
    expect(sales).toHaveLength(4 * 5 * 4 - 1);
    expect(sales.every((r) => !r.sample && r.sector !== 'TRA')).toBe(true);
    expect(sales.filter((r) => r.state === 'VT' && r.sector === 'IND')).toHaveLength(3);
    for (const row of (eia.routes.get('electricity/retail-sales') ?? []).filter((r) => r['sectorid'] !== 'TRA' && r['sales'] !== null))
      expect(sales.find((r) => r.state === row['stateid'] && r.sector === row['sectorid'] && r.period === row['period'])?.value).toBe(
        Number(row['sales']),
      );
    const tx = await (await fetchCurrent(`${server.url}/states/tx`)).text();
    expect(tx).not.toContain('Illustrative sample');
    expect(tx).toContain(`${(14 + 3 / 10).toFixed(2)}¢/kWh`);

    // US crude oil production: EIA's MCRFPUS2 only (not Texas), monthly, gaps skipped, kept out of the price list.
    const crpdn = eia.requests.find((r) => r.path === '/v2/petroleum/crd/crpdn/data/');
    expect(crpdn?.query.get('frequency')).toBe('monthly');
    expect(crpdn?.query.get('data[0]')).toBe('value');
    expect(crpdn?.query.getAll('facets[series][]')).toEqual(['MCRFPUS2']);
    const [production] = await db.select().from(marketSeries).where(eq(marketSeries.slug, 'crude-production'));
    expect(production).toMatchObject({ source: 'eia:petroleum/crd/crpdn:MCRFPUS2', frequency: 'monthly', unit: 'thousand b/d', listed: false });
    const productionRows = await db
      .select({ period: marketObservations.period, value: marketObservations.value })
      .from(marketObservations)
      .where(eq(marketObservations.seriesId, production?.id ?? -1))
      .orderBy(marketObservations.period);
    const fakeProduction = (eia.routes.get('petroleum/crd/crpdn') ?? []).filter(
      (r) => r['series'] === 'MCRFPUS2' && eiaNumber(r['value']) !== undefined,
    );
    expect(productionRows).toEqual(fakeProduction.map((r) => ({ period: `${String(r['period'])}-01`, value: Number(r['value']) })));
    const card = productionCard(await (await fetchCurrent(`${server.url}/`)).text());
    const last = productionRows.at(-1);
    expect(card).toContain(`${((last?.value ?? 0) / 1000).toFixed(2)} million b/d`);
    expect(card).toMatch(/Source: U\.S\. EIA, series MCRFPUS2, as of [A-Z][a-z]+ \d{4}\./);
    // The brief's figures stay on the page, labelled as examples.
    expect(card).toContain('Illustrative figures');
    expect(card).toContain('55,000 bbl/d');

    // Market data and the energy mix now come from the imported figures.
    const market = await api.call('GET', '/api/market-data');
    const items = market.json as unknown as { slug: string; value: string; sample: boolean }[];
    const wtiItem = items.find((m) => m.slug === 'wti');
    expect(items.map((m) => m.sample)).toEqual([false, false, false, false, false]);
    const latest = expected.at(-1);
    expect(wtiItem?.value).toBe(`$${Number(latest?.['value']).toFixed(2)}`);
    const mix = (await api.call('GET', '/api/zoho/dashboard-data')).json['energyMix'];
    expect(mix).toEqual([
      { source: 'Natural Gas', percentage: 40 },
      { source: 'Renewables', percentage: 24 },
      { source: 'Coal', percentage: 16 },
      { source: 'Nuclear', percentage: 18 },
      { source: 'Other', percentage: 2 },
    ]);
  });

  it('keeps every imported figure as its first vintage, seen by the run that imported it; the replaced sample left none', async () => {
    const db = server.database.db;
    const [run] = await listImportRuns(1, server.database.db);
    expect(run?.status).toBe('succeeded');
    const observations = await db
      .select({ seriesId: marketObservations.seriesId, period: marketObservations.period, value: marketObservations.value })
      .from(marketObservations)
      .orderBy(marketObservations.seriesId, marketObservations.period);
    const vintages = await seriesVintages(db);
    expect(vintages.map(({ seriesId, period, value }) => ({ seriesId, period, value }))).toEqual(observations);
    expect(new Set(vintages.map((v) => v.runId))).toEqual(new Set([run?.id]));
    for (const v of vintages) {
      expect(v.seenAt.getTime()).toBeGreaterThanOrEqual(run?.startedAt.getTime() ?? Infinity);
      expect(v.seenAt.getTime()).toBeLessThanOrEqual(run?.finishedAt?.getTime() ?? 0);
    }
  });

  it('queued the price alerts as a job, which told the readers whose alert the import fired, once, and only them', async () => {
    const alerts = () => server.database.db.select({ to: outbox.toAddress, subject: outbox.subject }).from(outbox).where(eq(outbox.kind, 'alert'));
    // The import asked for the price-alert job; a web process's job runner runs it.
    await expect
      .poll(alerts, { timeout: 90_000, interval: 500 })
      .toEqual([{ to: 'moves@example.com', subject: 'Price alert: WTI Crude Oil moved more than 0.01%' }]);
    // The admin's Refresh again, and the job run again: the same observations are not looked at twice.
    expect((await refresh()).status).toBe(200);
    const since = new Date();
    await server.database.db
      .update(scheduledJobs)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(scheduledJobs.name, 'price-alerts'));
    await expect
      .poll(
        async () => {
          const [job] = await server.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'price-alerts'));
          return Boolean(job?.lastFinishedAt && job.lastFinishedAt.getTime() >= since.getTime() && job.leaseHolder === null);
        },
        { timeout: 90_000, interval: 500 },
      )
      .toBe(true);
    expect(await alerts()).toHaveLength(1);
  }, 200_000);

  it('is idempotent: running it again writes nothing new', async () => {
    const before = await snapshot();
    const res = await refresh();
    expect(res.status).toBe(200);
    expect(res.json['message']).toMatch(/^Up to date: EIA has nothing new or revised since the last import\. Gaps in EIA's answers/);
    expect(await snapshot()).toBe(before);
    const runs = (await api.call('GET', '/api/admin/market-data', { cookie })).json['runs'] as { status: string }[];
    expect(runs[0]?.status).toBe('succeeded');
  });

  it('asks only for recent periods once history is stored, and takes EIA revisions, keeping the figure first published', async () => {
    eia.requests.length = 0;
    const rows = eia.routes.get('petroleum/pri/spt') ?? [];
    const last = rows.filter((r) => r['series'] === 'RWTC').at(-1);
    const period = String(last?.['period']);
    const [first] = await wtiVintages(period);
    if (last) last['value'] = '99.99';
    const res = await refresh();
    expect(res.json['message']).toMatch(/^Imported 1 new or revised observation \(WTI Crude Oil 1\) from EIA\. /);
    // The first published figure stays beside the revision, which names the run that saw it.
    const [run] = await listImportRuns(1, server.database.db);
    const vintages = await wtiVintages(period);
    expect(vintages).toEqual([first, { value: 99.99, seenAt: vintages[1]?.seenAt, runId: run?.id }]);
    expect(vintages[1]?.seenAt.getTime()).toBeGreaterThanOrEqual(run?.startedAt.getTime() ?? Infinity);
    expect(first?.value).not.toBe(99.99);
    const spot = eia.requests.find((r) => r.path === '/v2/petroleum/pri/spt/data/');
    const start = spot?.query.get('start') ?? '';
    expect(Date.parse(start)).toBeGreaterThan(Date.now() - 30 * 86_400_000);
  });

  it('reports and skips a route EIA answers 500 with code 404 (not retried) and one that cannot be paged; imports the rest; the run is partial', async () => {
    eia.requests.length = 0;
    const spot = eia.routes.get('petroleum/pri/spt') ?? [];
    const wti = spot.filter((r) => r['series'] === 'RWTC').at(-1)!;
    wti['value'] = '98.76';
    const generationRows = eia.routes.get('electricity/electric-power-operational-data') ?? [];
    const usGas = generationRows.filter((r) => r['location'] === 'US' && r['fueltypeid'] === 'NG' && r['sectorid'] === '99').at(-1)!;
    const usGasBefore = Number(usGas['generation']);
    usGas['generation'] = '1';
    // Generation: EIA says its route is not found (HTTP 500, code 404), once; asking again would succeed, so only no retry keeps it out.
    eia.failNext('electricity/electric-power-operational-data', 500, 1, 404);
    // The WTI futures: a total that grows with every page.
    const res = await refreshWithPagingFault('petroleum/pri/fut', 'endless');
    expect(res.status).toBe(200);
    const message = String(res.json['message']);
    expect(message).toMatch(/^Imported 1 new or revised observation \(WTI Crude Oil 1\) from EIA\. Not imported: /);
    expect(message).toContain(
      'Generation by state and fuel (EIA has no route electricity/electric-power-operational-data (EIA: Simulated failure.))',
    );
    for (const contract of [1, 2, 3, 4])
      expect(message).toMatch(new RegExp(`WTI Crude Oil Futures, Contract ${contract} \\(EIA changed the number of rows of petroleum/pri/fut`));
    expect(eia.requests.filter((r) => r.path.includes('electric-power-operational-data'))).toHaveLength(1);
    const runs = (await api.call('GET', '/api/admin/market-data', { cookie })).json['runs'] as { status: string; message: string }[];
    expect(runs[0]).toMatchObject({ status: 'partial', message });
    // The rest was imported; the failed queries changed nothing of their own.
    const db = server.database.db;
    const stored = await db
      .select({ value: marketObservations.value })
      .from(marketObservations)
      .innerJoin(marketSeries, eq(marketSeries.id, marketObservations.seriesId))
      .where(and(eq(marketSeries.slug, 'wti'), eq(marketObservations.period, String(wti['period']))));
    expect(stored[0]?.value).toBe(98.76);
    const [gas] = await db
      .select()
      .from(generation)
      .where(and(eq(generation.location, 'US'), eq(generation.fuel, 'NG'), eq(generation.period, String(usGas['period']))));
    expect(gas?.value).toBe(usGasBefore);
    usGas['generation'] = String(usGasBefore);
  });

  it('keeps the rows of an answer that announced more rows than it sent, and says so in the run log', async () => {
    // A recorded answer said "436" and held 218: here US crude production announces twice its rows.
    const production = (eia.routes.get('petroleum/crd/crpdn') ?? []).filter((r) => r['series'] === 'MCRFPUS2');
    const last = production.at(-1)!;
    last['value'] = '13999';
    const res = await refreshWithPagingFault('petroleum/crd/crpdn', 'short');
    expect(res.status).toBe(200);
    expect(res.json['message']).toMatch(/^Imported 1 new or revised observation \(US Crude Oil Production 1\) from EIA\. /);
    expect(res.json['message']).toMatch(/ EIA announced (\d+) rows of petroleum\/crd\/crpdn and sent (\d+); the \2 sent were kept\.$/);
    const runs = (await api.call('GET', '/api/admin/market-data', { cookie })).json['runs'] as { status: string }[];
    expect(runs[0]?.status).toBe('succeeded');
  });

  it('reports a rejected key with EIA’s message and changes nothing', async () => {
    const other = await startTestServer({ ADMIN_PASSWORD: PASSWORD, EIA_API_KEY: 'wrong-key', EIA_API_URL: `${eia.url}/v2` });
    try {
      const client = apiClient(other, PASSWORD);
      const res = await client.call('POST', '/api/admin/market-data/refresh', { cookie: await client.signIn() });
      expect(res.status).toBe(502);
      expect(res.json['message']).toMatch(/invalid api_key/);
      const [runs] = await other.database.db
        .select({ n: sql<number>`count(*)` })
        .from(importRuns)
        .where(eq(importRuns.status, 'failed'));
      expect(runs?.n).toBe(1);
    } finally {
      await other.stop();
    }
  });

  it('without a key, serves the seeded history and says how to get one', async () => {
    const other = await startTestServer({ ADMIN_PASSWORD: PASSWORD });
    try {
      const client = apiClient(other, PASSWORD);
      const signedIn = await client.signIn();
      const status = await client.call('GET', '/api/admin/market-data', { cookie: signedIn });
      expect(status.json).toMatchObject({ eiaKeySet: false });
      expect(status.json['keyHelp']).toContain('https://www.eia.gov/opendata/register.php');
      const res = await client.call('POST', '/api/admin/market-data/refresh', { cookie: signedIn });
      expect(res.status).toBe(400);
      expect(res.json['message']).toContain('EIA_API_KEY is not set');
    } finally {
      await other.stop();
    }
  });

  it('reads the last runs and a running one through the index on (kind, started_at), however many runs the years add', async () => {
    const recorder = planRecorder(server);
    await listImportRuns(5, recorder.db);
    await findRunningImport(new Date(Date.now() - 15 * 60_000), recorder.db);
    // The last runs of the daily import in the index's order (no sort), the running one from a range of it.
    expect(planShapes(recorder.plans)).toEqual([
      'SEARCH import_runs USING INDEX (kind=?)',
      'SEARCH import_runs USING INDEX (kind=? AND started_at>?)',
    ]);
  });

  it('answers a figure’s latest revision, a series as known at a time and whether a figure was revised since, each from a range of the vintages’ key', async () => {
    const queries = await import('@/server/queries/market');
    const recorder = planRecorder(server);
    const [wti] = await server.database.db.select().from(marketSeries).where(eq(marketSeries.slug, 'wti'));
    const id = wti?.id ?? -1;
    const latest = await queries.getLatestValueRevision(id, '2026-11-02', recorder.db);
    await queries.listObservationVintages(id, { start: '2026-01-01', end: '2026-11-30' }, { before: new Date() }, 10_001, recorder.db);
    await queries.listObservationVintages(id, {}, { first: true }, 10_001, recorder.db);
    await queries.listValueRevisionsAfter(id, '2026-11-02', new Date(0), recorder.db);
    await queries.listRevisedVintages(id, { start: '2026-01-01' }, recorder.db);
    expect(latest === undefined || latest.seriesId === id).toBe(true);
    // A series' vintages are the `market` dataset's figure of its id in the one vintages table.
    const key = 'SEARCH (?:figure_revisions|v) USING (?:COVERING )?(?:INDEX|PRIMARY KEY)';
    const of = 'dataset=\\? AND figure=\\?';
    expect(planShapes(recorder.plans)).toEqual([
      // The latest of a period: the key's last entry for it, no sort.
      expect.stringMatching(new RegExp(`^${key} \\(${of} AND period=\\?\\)$`)),
      // A series at a time: one range, grouped in the key's order (no temporary b-tree).
      expect.stringMatching(new RegExp(`^${key} \\(${of} AND period>\\? AND period<\\?\\)$`)),
      expect.stringMatching(new RegExp(`^${key} \\(${of}\\)$`)),
      // Revised since a time: the range after it within the period.
      expect.stringMatching(new RegExp(`^${key} \\(${of} AND period=\\? AND seen_at>\\?\\)$`)),
      // The revised periods' vintages: the range, each period kept when the revisions' index holds it.
      expect.stringMatching(
        new RegExp(
          `^${key} \\(${of} AND period>\\?\\) \\| CORRELATED SCALAR SUBQUERY \\d+ \\| SEARCH x USING (?:COVERING )?INDEX \\(${of} AND period=\\?\\)$`,
        ),
      ),
    ]);
  });
});
