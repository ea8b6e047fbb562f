// Series EIA stopped publishing (the catalog's `ended`), and the rule that a site with an EIA key
// never shows a seeded sample as current: EIA's Henry Hub futures contracts (RNGC1-4) end on
// April 5, 2024; before that day's figures are imported, or when EIA sends none, the contracts
// show no figure at all (never the sample), and once imported they show EIA's last figure as
// the last, never as late.
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MARKET_SERIES, type MarketSeriesFacts } from '@db/catalog/market-series';
import { generation, marketObservations, marketSeries, retailPrices } from '@db/schema';
import type { SeriesSummary } from '@/lib/wire/markets';
import { defaultEiaRoutes, FAKE_EIA_KEY, HENRY_HUB_FUTURES_LAST_DAY, startFakeEia, type FakeEia } from '../fakes/eia.ts';
import { apiClient } from '../helpers/api-client.ts';
import { fetchCurrent } from '../helpers/purge.ts';
import { useFake } from '../helpers/suite.ts';
import { useTestServer, type TestServer } from '../helpers/test-server.ts';

const PASSWORD = 'ended-admin-password';
const CONTRACTS = [1, 2, 3, 4].map((n) => `henry-hub-futures-${n}`);
const ENDED_TEXT = 'EIA stopped publishing this series on April 5, 2024.';
/** What a page says over seeded figures, in any of its forms. */
const SAMPLE_WORDS = /Illustrative sample|Sample data|sample history|seeded history/i;

type History = { series: SeriesSummary; observations: { period: string; value: number }[] };

/** A keyed site's reader and admin: pages, the data API, CSV, embeds, and the admin's Refresh. */
function site(server: TestServer) {
  let address = 0;
  const get = (path: string) => fetchCurrent(`${server.url}${path}`, { headers: { 'X-Forwarded-For': `198.51.100.${++address}` } });
  const api = apiClient(server, PASSWORD);
  return {
    get,
    text: async (path: string) => {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      return (await response.text()).replace(/<!--.*?-->/g, '');
    },
    history: async (slug: string) => (await (await get(`/api/series/${slug}`)).json()) as History,
    refresh: async () => {
      const res = await api.call('POST', '/api/admin/market-data/refresh', { cookie: await api.signIn() });
      expect(res.status, res.text).toBe(200);
      return res;
    },
  };
}

/** The contracts' requests to the fake, with their start and end. */
const contractRequests = (eia: FakeEia) =>
  eia.requests
    .filter((r) => r.path === '/v2/natural-gas/pri/fut/data/' && r.query.getAll('facets[series][]').some((s) => s.startsWith('RNGC')))
    .map((r) => ({ series: r.query.getAll('facets[series][]'), start: r.query.get('start'), end: r.query.get('end') }));

/** Checks that a contract shows no figure anywhere: the data API (JSON and CSV), its page and its embed. */
async function expectNoFigures(reader: ReturnType<typeof site>, slug: string) {
  const history = await reader.history(slug);
  expect(history.observations, slug).toEqual([]);
  expect(history.series).toMatchObject({ latest: null, change: null, stale: false, source: { sample: false } });
  expect(history.series.ended).toMatchObject({ on: HENRY_HUB_FUTURES_LAST_DAY, text: ENDED_TEXT });
  const csv = await reader.text(`/api/series/${slug}?format=csv`);
  expect(csv.trimEnd().split('\r\n'), slug).toEqual(['period,value ($/MMBtu)']);
  const page = await reader.text(`/markets/${slug}`);
  expect(page).toContain(ENDED_TEXT);
  expect(page).toContain('No figure of it is stored.');
  expect(page).not.toMatch(SAMPLE_WORDS);
  const embed = await reader.text(`/embed/markets/${slug}`);
  expect(embed).toContain(ENDED_TEXT);
  expect(embed).not.toMatch(SAMPLE_WORDS);
}

describe('a site with an EIA key, when EIA sends no row of the Henry Hub contracts', () => {
  const routes = defaultEiaRoutes();
  routes.set(
    'natural-gas/pri/fut',
    (routes.get('natural-gas/pri/fut') ?? []).filter((r) => !String(r['series']).startsWith('RNGC')),
  );
  const eia = useFake(() => startFakeEia({ routes }));
  const server = useTestServer(() => ({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true', EIA_API_KEY: FAKE_EIA_KEY, EIA_API_URL: `${eia.url}/v2` }));
  const reader = site(server);

  it('shows no seeded sample before the first import: every series is there, empty, and no figure, card or export is a sample', async () => {
    const series = (await (await reader.get('/api/series?limit=100')).json()) as SeriesSummary[];
    expect(series.length).toBeGreaterThan(20);
    for (const s of series)
      expect({ slug: s.slug, latest: s.latest, sample: s.source.sample }).toEqual({ slug: s.slug, latest: null, sample: false });
    // The market cards (home, news, analytics) list no figure.
    expect(await (await reader.get('/api/market-data')).json()).toEqual([]);
    const [stored] = await server.database.db
      .select({ n: sql<number>`count(*)` })
      .from(marketObservations)
      .innerJoin(marketSeries, eq(marketSeries.id, marketObservations.seriesId));
    expect(stored?.n).toBe(0);
    await expectNoFigures(reader, 'henry-hub-futures-1');
    // Nor the states' prices and generation: their pages say the figures come with the import.
    expect(await server.database.db.select().from(retailPrices)).toEqual([]);
    expect(await server.database.db.select().from(generation)).toEqual([]);
    for (const path of ['/states', '/states/tx', '/api/states/TX']) expect(await reader.text(path), path).not.toMatch(SAMPLE_WORDS);
    // The API's overview says there is none yet, as it always has for an empty table.
    const overview = await reader.get('/api/states');
    expect(overview.status).toBe(404);
    expect(await overview.json()).toMatchObject({ message: 'No retail prices are stored yet' });
    expect(await reader.text('/states/tx')).toContain('No figures stored yet');
    expect((await reader.get('/states/zz')).status).toBe(404);
    // A state's chart alone has nothing to draw yet: the embed's page for a missing chart.
    expect((await reader.get('/embed/states/TX')).status).toBe(404);
    expect(await reader.text('/')).not.toMatch(/Sample data \(seeded/);
  });

  it('imports the spot prices, asks for the contracts only up to their end, and still shows no sample of them anywhere', async () => {
    eia.requests.length = 0;
    await reader.refresh();
    const asked = contractRequests(eia);
    expect(asked.map((r) => r.series[0])).toEqual(['RNGC1', 'RNGC2', 'RNGC3', 'RNGC4']);
    for (const r of asked) {
      expect(r.end).toBe(HENRY_HUB_FUTURES_LAST_DAY);
      expect(r.start && r.start < HENRY_HUB_FUTURES_LAST_DAY).toBe(true);
    }
    for (const slug of CONTRACTS) await expectNoFigures(reader, slug);
    const spot = await reader.history('henry-hub');
    expect(spot.series.source.sample).toBe(false);
    expect(spot.observations.length).toBeGreaterThan(20);
    const ids = (await server.database.db.select({ id: marketSeries.id }).from(marketSeries).where(inArray(marketSeries.slug, CONTRACTS))).map(
      (r) => r.id,
    );
    expect(await server.database.db.select().from(marketObservations).where(inArray(marketObservations.seriesId, ids))).toEqual([]);
  });
});

describe('a site with an EIA key, when EIA holds the contracts up to April 5, 2024', () => {
  const eia = useFake(() => startFakeEia());
  const server = useTestServer(() => ({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true', EIA_API_KEY: FAKE_EIA_KEY, EIA_API_URL: `${eia.url}/v2` }));
  const reader = site(server);

  it('imports their history to the last day, shows it as the last figure and says EIA stopped, never late; reads them no more once complete', async () => {
    eia.requests.length = 0;
    await reader.refresh();
    expect(contractRequests(eia)).toHaveLength(4);
    for (const slug of CONTRACTS) {
      const history = await reader.history(slug);
      expect(history.observations.length, slug).toBeGreaterThan(20);
      expect(history.observations.at(-1)?.period).toBe(HENRY_HUB_FUTURES_LAST_DAY);
      expect(history.series).toMatchObject({
        latest: { period: HENRY_HUB_FUTURES_LAST_DAY },
        stale: false,
        source: { sample: false, text: `Source: U.S. Energy Information Administration, series RNGC${slug.slice(-1)}` },
        ended: { on: HENRY_HUB_FUTURES_LAST_DAY, text: ENDED_TEXT },
      });
    }
    const page = await reader.text('/markets/henry-hub-futures-1');
    expect(page).toContain(ENDED_TEXT);
    expect(page).toContain('Its last figure is from Apr 5, 2024.');
    expect(page).not.toMatch(SAMPLE_WORDS);
    expect(page).not.toContain('Next update');
    // Henry Hub's own chart draws no futures strip from two years before its latest figure.
    expect(await reader.text('/markets/henry-hub')).not.toContain('NYMEX futures, settled');
    // The next import has nothing to ask of them.
    eia.requests.length = 0;
    await reader.refresh();
    expect(contractRequests(eia)).toEqual([]);
  });
});

describe('a site without an EIA key', () => {
  const server = useTestServer(() => ({ TRUST_PROXY: 'true' }));
  const reader = site(server);

  it('keeps the labelled sample, and the contracts’ sample ends on April 5, 2024 and is never late', async () => {
    const wti = await reader.history('wti');
    expect(wti.series.source.sample).toBe(true);
    const contract = await reader.history('henry-hub-futures-3');
    expect(contract.series).toMatchObject({ latest: { period: HENRY_HUB_FUTURES_LAST_DAY }, stale: false, source: { sample: true } });
    expect(contract.observations.at(-1)?.period).toBe(HENRY_HUB_FUTURES_LAST_DAY);
    const page = await reader.text('/markets/henry-hub-futures-3');
    expect(page).toContain(ENDED_TEXT);
    expect(page).toContain('Illustrative sample');
  });

  it('counts its series on the about page from the catalog: the observed ones, and the forecasts and futures EIA still publishes', async () => {
    const catalog = MARKET_SERIES as readonly MarketSeriesFacts[];
    const about = (await reader.text('/about')).replace(/\s+/g, ' ');
    const observed = catalog.filter((s) => !s.outlook).length;
    const ahead = catalog.filter((s) => s.outlook && !s.ended).length;
    expect(about).toMatch(new RegExp(`Market series tracked, plus ${ahead} forecasts and futures contracts</dt> ?<dd[^>]*>${observed}</dd>`));
    expect(about).not.toContain('Price benchmarks charted');
  });
});
