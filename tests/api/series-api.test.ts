import { marketSeriesFacts } from '@db/catalog/market-series';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { figureRevisions, marketObservations, marketSeries, rateLimitEvents } from '@db/schema';
import { SITE_TIME_ZONE, formatShortDate } from '@/lib/format';
import { formatSeriesValue } from '@/lib/market-format';
import { zonedParts } from '@/lib/zoned-time';
import { seriesHistorySchema, seriesRevisionSchema, type SeriesPoint, type SeriesRevision, type SeriesSummary } from '@/lib/wire/markets';
import { listImportRuns } from '@/server/queries/import-runs';
import { listValueRevisions } from '@/server/queries/market';
import { eiaNumber } from '@/server/integrations/eia';
import { startFakeEia } from '../fakes/eia.ts';
import { apiClient } from '../helpers/api-client.ts';
import { fakeEiaSettings } from '../helpers/eia-server.ts';
import { fetchCurrent, purgeEveryPage } from '../helpers/purge.ts';
import { planRecorder, planShapes } from '../helpers/query-plans.ts';
import { expectQueriesRefused, reader } from '../helpers/reader.ts';
import { useFake } from '../helpers/suite.ts';
import { startTestServer, useTestServer } from '../helpers/test-server.ts';

const PASSWORD = 'series-admin-password';
const NEW_SERIES = ['crude-production', 'crude-inventories', 'cushing-stocks', 'gas-storage', 'diesel'];
const eia = useFake(() => startFakeEia({ maxPage: 40 }));
// A site without an EIA key shows the labelled sample (one with a key never does: the import's own server below).
const server = useTestServer(() => ({
  ADMIN_PASSWORD: PASSWORD,
  TRUST_PROXY: 'true',
  API_RATE_LIMIT: '1000',
}));

/** A GET from an address of its own, so the rate limit of one test never reaches another. */
const get = reader(server);
const listSeries = async () => (await (await get('/api/series')).json()) as SeriesSummary[];
/** The text of some HTML as a reader sees it: tags and React's text separators left out. */
const textOf = (html: string) => html.replace(/<!--.*?-->/g, '').replace(/<[^>]+>/g, '');

/** The enclosing suite's server with an EIA key (the fake's), and a GET from an address of its own there. */
function useKeyedServer() {
  const keyed = useTestServer(() => ({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true', API_RATE_LIMIT: '1000', ...fakeEiaSettings(eia) }));
  return { keyed, get: reader(keyed) };
}

/** A write behind the server's back: every page purged and the counts' memo renewed, so no cached figure survives it. */
const bumpContentVersion = () => purgeEveryPage(server.database.db);

describe('GET /api/series', () => {
  it('lists every series, the new ones included, with latest value, unit, cadence, change period, source and freshness', async () => {
    const response = await get('/api/series');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('application/json');
    const body = (await response.json()) as SeriesSummary[];
    expect(response.headers.get('X-Total-Count')).toBe(String(body.length));
    const slugs = body.map((s) => s.slug);
    expect(slugs).toEqual(expect.arrayContaining(['wti', 'brent', 'henry-hub', 'gasoline', 'electricity', ...NEW_SERIES]));
    for (const series of body) {
      expect(series.latest?.period).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(typeof series.latest?.value).toBe('number');
      expect(series.stale).toBe(false);
      expect(series.source.sample).toBe(true);
      expect(series.source.text).toMatch(/^Illustrative sample/);
      expect(series.change?.period).toBe(`vs previous ${{ daily: 'day', weekly: 'week', monthly: 'month' }[series.frequency]}`);
      expect(series.page).toBe(`/markets/${series.slug}`);
    }
    const storage = body.find((s) => s.slug === 'gas-storage');
    expect(storage).toMatchObject({ unit: 'Bcf', frequency: 'weekly', source: { eiaSeries: 'NW2_EPG0_SWO_R48_BCF' } });
    expect(body.find((s) => s.slug === 'crude-inventories')).toMatchObject({
      unit: 'thousand bbl',
      frequency: 'weekly',
      source: { eiaSeries: 'WCESTUS1' },
    });
    expect(body.find((s) => s.slug === 'crude-production')).toMatchObject({ frequency: 'monthly', source: { eiaSeries: 'MCRFPUS2' } });
    // Realistic levels: storage in the thousands of Bcf, diesel a few dollars.
    expect(storage?.latest?.value).toBeGreaterThan(1000);
    expect(storage?.latest?.value).toBeLessThan(4500);
    const diesel = body.find((s) => s.slug === 'diesel');
    expect(diesel?.latest?.value).toBeGreaterThan(2);
    expect(diesel?.latest?.value).toBeLessThan(6);
  });

  it('pages with limit and offset, and refuses a bad limit with the JSON error shape', async () => {
    const all = await listSeries();
    const page = (await (await get('/api/series?limit=2&offset=3')).json()) as SeriesSummary[];
    expect(page.map((s) => s.slug)).toEqual(all.slice(3, 5).map((s) => s.slug));
    const bad = await get('/api/series?limit=0');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Invalid query parameters', errors: { limit: [expect.any(String)] } });
  });

  it('answers with an ETag and a 304 when it is sent back', async () => {
    const first = await get('/api/series');
    const etag = first.headers.get('ETag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('Cache-Control')).toBe('private, max-age=0, must-revalidate');
    const again = await get('/api/series', { 'If-None-Match': etag ?? '' });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('marks a series stale once its latest observation is older than its cadence allows', async () => {
    const db = server.database.db;
    const [cushing] = await db.select().from(marketSeries).where(eq(marketSeries.slug, 'cushing-stocks'));
    const id = cushing?.id ?? -1;
    const cutoff = new Date(Date.now() - 15 * 86_400_000).toISOString().slice(0, 10);
    const removed = await db
      .delete(marketObservations)
      .where(sql`${marketObservations.seriesId} = ${id} and ${marketObservations.period} > ${cutoff}`)
      .returning();
    await bumpContentVersion();
    try {
      const body = await listSeries();
      const stale = body.find((s) => s.slug === 'cushing-stocks');
      expect(stale?.stale).toBe(true);
      expect((stale?.latest?.period ?? '9999') <= cutoff).toBe(true);
      expect(body.find((s) => s.slug === 'crude-inventories')?.stale).toBe(false);
      const page = await (await get('/markets/cushing-stocks')).text();
      expect(page).toContain('Stale: no new figure for more than 14 days');
    } finally {
      await db.insert(marketObservations).values(removed);
      await bumpContentVersion();
    }
  });
});

describe('GET /api/series/{slug}', () => {
  it('answers the observations between start and end, oldest first', async () => {
    const response = await get('/api/series/wti?start=2026-01-05&end=2026-02-27');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { series: SeriesSummary; start: string; end: string; observations: { period: string; value: number }[] };
    expect(body.series.slug).toBe('wti');
    expect(body).toMatchObject({ start: '2026-01-05', end: '2026-02-27' });
    const periods = body.observations.map((o) => o.period);
    expect(periods.length).toBeGreaterThan(30);
    expect(periods).toEqual([...periods].sort());
    expect(periods[0]! >= '2026-01-05' && periods.at(-1)! <= '2026-02-27').toBe(true);
    const all = (await (await get('/api/series/wti')).json()) as { observations: unknown[] };
    expect(all.observations.length).toBeGreaterThan(periods.length);
  });

  it('answers CSV with a header row and one row per observation', async () => {
    const json = (await (await get('/api/series/gas-storage?start=2026-01')).json()) as { observations: { period: string; value: number }[] };
    const response = await get('/api/series/gas-storage?start=2026-01&format=csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="gas-storage_2026-01-\d\d_\d{4}-\d\d-\d\d\.csv"$/);
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('period,value (Bcf)');
    expect(lines.slice(1)).toEqual(json.observations.map((o) => `${o.period},${o.value}`));
  });

  it('refuses bad dates, a reversed range and an unknown format with 400 and field messages; an unknown series is a 404', async () => {
    await expectQueriesRefused(get, '/api/series/wti', ['start=2026-02-30', 'end=yesterday', 'start=2026-03-01&end=2026-02-01', 'format=xml']);
    for (const path of ['/api/series/nope', '/api/series/Bad_Slug']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Market series not found' });
    }
  });

  it('reads history and the latest values from the (series_id, period) primary key, never a scan or a sort of observations', async () => {
    const queries = await import('@/server/queries/market');
    const { db, plans } = planRecorder(server);
    await queries.listObservationsBetween(1, { start: '2026-01-01', end: '2026-02-01' }, 10_001, db);
    await queries.listObservationsBetween(1, { start: '2026-01-01' }, 10_001, db);
    await queries.listObservationsBetween(1, {}, 10_001, db);
    await queries.listSeriesWithLatest(db);
    const lines = plans.flatMap((p) => p.plan.filter((line) => /market_observations|\bo\b|\bi\b/.test(line)).map((line) => `${line} in: ${p.sql}`));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toMatch(/^SCAN (market_observations|o|i)\b(?! USING)/);
    }
    // Each range of history read from the key in its order: one search on series_id, no sort.
    expect(planShapes(plans.slice(0, 3))).toEqual([
      expect.stringMatching(/^SEARCH market_observations USING (INDEX|PRIMARY KEY) \(series_id=\? AND period>\? AND period<\?\)$/),
      expect.stringMatching(/^SEARCH market_observations USING (INDEX|PRIMARY KEY) \(series_id=\? AND period>\?\)$/),
      expect.stringMatching(/^SEARCH market_observations USING (INDEX|PRIMARY KEY) \(series_id=\?\)$/),
    ]);
  });
});

describe('market-data cards, the price strip and the topic pages', () => {
  it("say each figure's cadence, change period, as-of date and source, and link to the series page", async () => {
    const items = (await (await get('/api/market-data')).json()) as { slug: string; changePeriod: string; stale: boolean; source: string }[];
    expect(items.find((i) => i.slug === 'wti')).toMatchObject({ changePeriod: 'vs previous day', stale: false, source: 'Illustrative sample' });
    expect(items.find((i) => i.slug === 'electricity')).toMatchObject({ changePeriod: 'vs previous month' });
    // The home page's price strip and a topic page's figures.
    for (const [path, start] of [
      ['/', 'id="market-strip"'],
      ['/category/oil-gas', 'data-testid="topic-markets"'],
    ] as const) {
      const html = await (await get(path)).text();
      const figures = html.slice(html.indexOf(start), html.indexOf('</section>', html.indexOf(start)));
      expect(figures, path).toContain('href="/markets/wti"');
      expect(figures, path).toContain('vs previous day');
      expect(textOf(figures), path).toMatch(/Daily, as of [A-Z][a-z]{2} \d{1,2}, \d{4}/);
      expect(figures, path).toContain('Illustrative sample');
    }
    const news = await (await get('/news')).text();
    expect(news).toContain('href="/markets/gasoline"');
    expect(news).toContain('vs previous week');
    // The dashboard's charts link to the series they draw.
    const analytics = await (await get('/analytics')).text();
    expect(analytics).toContain('href="/markets/crude-production"');
    expect(analytics).toContain('monthly, million barrels per day');
  });
});

describe('/markets pages', () => {
  it('/markets lists every series with a link to its page, its cadence, as-of date and source (forecasts and futures apart, by the series they look ahead at)', async () => {
    const html = await (await get('/markets')).text();
    for (const series of await listSeries()) {
      expect(html).toContain(`href="/markets/${series.slug}"`);
      if (!marketSeriesFacts(series.slug)?.outlook) expect(html).toContain(`${series.source.text}.`);
    }
    const lookAhead = html.slice(html.indexOf('id="look-ahead"'));
    expect(lookAhead).toMatch(/href="\/markets\/wti-steo"[^>]*>\s*WTI Crude Oil, EIA Forecast\s*<\/a>.*on the chart of.*href="\/markets\/wti"/s);
    expect(lookAhead).toContain('href="/markets/henry-hub-futures-4"');
    expect(html).toContain('Weekly');
    expect(html).toMatch(/as of <time datetime="\d{4}-\d{2}-\d{2}"/i);
  });

  it('a series page says when the next EIA release updates it, and links to the calendar', async () => {
    const storage = await (await get('/markets/gas-storage')).text();
    expect(storage).toMatch(
      /data-testid="next-release"><time datetime="[^"]+">Next update: [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM) ET, Weekly Natural Gas Storage Report\.<\/time> <a[^>]*href="\/calendar#storage-\d{4}-\d{2}-\d{2}"/,
    );
    // EIA's daily spot prices come out once a week with the Weekly Petroleum Status Report, not
    // with the monthly outlook; production with the Petroleum Supply Monthly.
    for (const [slug, title, kind] of [
      ['wti', 'Weekly Petroleum Status Report', 'wpsr'],
      ['brent', 'Weekly Petroleum Status Report', 'wpsr'],
      ['henry-hub', 'Weekly Petroleum Status Report', 'wpsr'],
      ['crude-production', 'Petroleum Supply Monthly', 'psm'],
    ] as const) {
      const html = await (await get(`/markets/${slug}`)).text();
      expect(html, slug).toMatch(
        new RegExp(
          `data-testid="next-release"><time datetime="[^"]+">Next update: [^<]+ ET, ${title}\\.</time> <a[^>]*href="/calendar#${kind}-\\d{4}-\\d{2}-\\d{2}"`,
        ),
      );
    }
  });

  it('a series page shows its figures for the chosen range, the source, downloads and the five-year range of storage', async () => {
    const response = await get('/markets/gas-storage?range=5y&utm=x');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('History: five years');
    expect(html).toMatch(/aria-current="page"[^>]*>5Y</);
    for (const label of ['Change over the range', 'High', 'Low', 'Average']) expect(html).toContain(label);
    expect(html).toMatch(/Five-year range for the week of [A-Z][a-z]{2} \d{1,2}, \d{4}: [\d,]+ Bcf to [\d,]+ Bcf/);
    expect(html).toContain('standing in for EIA series NW2_EPG0_SWO_R48_BCF');
    expect(html).toMatch(/href="\/api\/series\/gas-storage\?start=\d{4}-\d{2}-\d{2}&amp;end=\d{4}-\d{2}-\d{2}&amp;format=csv"/);
    // The range in any case (the README writes 5Y); an unknown range falls back to a year; an unknown series is a 404 page.
    expect(await (await get('/markets/gas-storage?range=5Y')).text()).toContain('History: five years');
    expect(await (await get('/markets/wti?range=Max')).text()).toMatch(/aria-current="page"[^>]*>Max</);
    expect(await (await get('/markets/wti?range=forever')).text()).toContain('History: one year');
    expect((await get('/markets/no-such-series')).status).toBe(404);
  });

  it('lists recent articles found by the series keywords', async () => {
    const html = await (await get('/markets/wti')).text();
    const section = html.slice(html.indexOf('id="related"'));
    expect(section).toMatch(/href="\/article\/[a-z0-9-]+"/);
  });

  it('the sitemap lists /markets and every series page', async () => {
    const xml = await (await get('/sitemaps/pages.xml')).text();
    expect(xml).toContain('/markets</loc>');
    expect(xml).toContain('/markets/gas-storage</loc>');
    expect(xml).toContain('/api/docs</loc>');
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past API_RATE_LIMIT reads a minute from one address, and no read writes to the database', async () => {
    const limited = await startTestServer({ TRUST_PROXY: 'true', API_RATE_LIMIT: '3' });
    try {
      const from = { 'X-Forwarded-For': '192.0.2.7' };
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${limited.url}/api/series/wti?start=2026-01-0${i + 1}`, { headers: from })).status);
      expect(statuses).toEqual([200, 200, 200]);
      const over = await fetch(`${limited.url}/api/series`, { headers: from });
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(((await over.json()) as { message: string }).message).toMatch(/Too many data API requests/);
      // Another address is not held back.
      expect((await fetch(`${limited.url}/api/series`, { headers: { 'X-Forwarded-For': '192.0.2.8' } })).status).toBe(200);
      // Reads are counted in memory: none of them wrote a rate-limit row.
      const [rows] = await limited.database.db.select({ n: count() }).from(rateLimitEvents);
      expect(rows?.n).toBe(0);
    } finally {
      await limited.stop();
    }
  });
});

describe('EIA import of the new series', () => {
  const { keyed, get } = useKeyedServer();

  it('asks EIA for each new series with its route and facets, parses them, skips gaps, replaces the sample and says the source', async () => {
    const api = apiClient(keyed, PASSWORD);
    const cookie = await api.signIn();
    eia.requests.length = 0;
    const res = await api.call('POST', '/api/admin/market-data/refresh', { cookie });
    expect(res.status, res.text).toBe(200);
    const asked = (route: string) =>
      eia.requests
        .filter((r) => r.path === `/v2/${route}/data/`)
        .map((r) => ({ frequency: r.query.get('frequency'), data: r.query.get('data[0]'), series: r.query.getAll('facets[series][]') }));
    expect(asked('petroleum/stoc/wstk')).toEqual(
      expect.arrayContaining([
        { frequency: 'weekly', data: 'value', series: ['WCESTUS1'] },
        { frequency: 'weekly', data: 'value', series: ['W_EPC0_SAX_YCUOK_MBBL'] },
      ]),
    );
    expect(asked('natural-gas/stor/wkly')).toEqual([{ frequency: 'weekly', data: 'value', series: ['NW2_EPG0_SWO_R48_BCF'] }]);
    expect(asked('petroleum/pri/gnd')).toContainEqual({ frequency: 'weekly', data: 'value', series: ['EMD_EPD2D_PTE_NUS_DPG'] });
    // A first import reaches six years back, so the storage report's five-year range can be computed.
    const storageStart = eia.requests.find((r) => r.path === '/v2/natural-gas/stor/wkly/data/')?.query.get('start') ?? '';
    expect(Date.now() - Date.parse(storageStart)).toBeGreaterThan(6 * 365 * 86_400_000 - 86_400_000 * 30);

    const expectImported = async (slug: string, route: string, code: string) => {
      const fake = (eia.routes.get(route) ?? []).filter((r) => r['series'] === code && eiaNumber(r['value']) !== undefined);
      const history = (await (await get(`/api/series/${slug}`)).json()) as {
        series: SeriesSummary;
        observations: { period: string; value: number }[];
      };
      expect(history.observations, slug).toEqual(fake.map((r) => ({ period: String(r['period']), value: Number(r['value']) })));
      expect(history.series.source).toEqual({
        sample: false,
        eiaSeries: code,
        text: `Source: U.S. Energy Information Administration, series ${code}`,
      });
      expect(history.series.stale).toBe(false);
    };
    await expectImported('crude-inventories', 'petroleum/stoc/wstk', 'WCESTUS1');
    await expectImported('cushing-stocks', 'petroleum/stoc/wstk', 'W_EPC0_SAX_YCUOK_MBBL');
    await expectImported('gas-storage', 'natural-gas/stor/wkly', 'NW2_EPG0_SWO_R48_BCF');
    await expectImported('diesel', 'petroleum/pri/gnd', 'EMD_EPD2D_PTE_NUS_DPG');
    // The gap EIA marks with null at Cushing is skipped, not stored as zero.
    const cushing = (eia.routes.get('petroleum/stoc/wstk') ?? []).filter((r) => r['series'] === 'W_EPC0_SAX_YCUOK_MBBL');
    expect(cushing.some((r) => r['value'] === null)).toBe(true);
    // Crude production's sample history is replaced by EIA's monthly figures.
    const production = (await (await get('/api/series/crude-production')).json()) as { series: SeriesSummary; observations: { period: string }[] };
    expect(production.series.source.sample).toBe(false);
    expect(production.observations.every((o) => /^\d{4}-\d{2}-01$/.test(o.period))).toBe(true);
    expect(production.observations.length).toBe(13);
  });
});

describe('revised figures', () => {
  const SLUG = 'crude-inventories';
  const { keyed, get } = useKeyedServer();
  const api = apiClient(keyed, PASSWORD);
  type History = { series: SeriesSummary; vintage: string; asOf: string | null; observations: SeriesPoint[] };
  const history = async (query = '') => (await (await get(`/api/series/${SLUG}${query}`)).json()) as History;
  /** The fake's rows of the series, as EIA sends them, oldest first. */
  const fakeRows = () => {
    const facts = marketSeriesFacts(SLUG);
    const facets = Object.entries(facts?.eia.facets ?? {});
    const rows = (eia.routes.get(facts?.eia.route ?? '') ?? []).filter((r) => facets.every(([key, values]) => values.includes(String(r[key]))));
    return { rows: rows.filter((r) => eiaNumber(r[facts?.eia.data ?? 'value']) !== undefined), data: facts?.eia.data ?? 'value' };
  };
  const importNow = async () => {
    const res = await api.call('POST', '/api/admin/market-data/refresh', { cookie: await api.signIn() });
    expect(res.status, res.text).toBe(200);
  };
  /** EIA's figure of a row changes, and the site imports. */
  const revise = async (row: Record<string, unknown> | undefined, data: string, value: number) => {
    if (row) row[data] = String(value);
    await importNow();
  };
  const day = (ms: number) => zonedParts(new Date(ms), SITE_TIME_ZONE).day;
  let latest: Record<string, unknown> | undefined;
  let earlier: Record<string, unknown> | undefined;
  let first: { latest: number; earlier: number };

  it('an import that revises figures keeps the first, purges the series page, which says "revised from" for the latest figure and in the table', async () => {
    // A first import, whose figures were first seen ten days ago.
    await importNow();
    const db = keyed.database.db;
    const [series] = await db.select().from(marketSeries).where(eq(marketSeries.slug, SLUG));
    await db
      .update(figureRevisions)
      .set({ seenAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(and(eq(figureRevisions.dataset, 'market'), eq(figureRevisions.figure, String(series?.id ?? -1))));
    await purgeEveryPage(db);
    const { rows, data } = fakeRows();
    latest = rows.at(-1);
    earlier = rows.at(-3);
    first = { latest: eiaNumber(latest?.[data]) ?? NaN, earlier: eiaNumber(earlier?.[data]) ?? NaN };
    // The page as readers have it cached: no figure revised.
    const before = await get(`/markets/${SLUG}`);
    expect(await before.text()).not.toContain('data-testid="revision"');
    expect((await get(`/markets/${SLUG}`)).headers.get('X-Cache')).toBe('HIT');

    // EIA revises the latest week twice (two imports) and a week two weeks earlier once.
    await revise(latest, data, first.latest + 1500);
    await revise(earlier, data, first.earlier - 700);
    await revise(latest, data, first.latest + 2100);

    const revisedHistory = await history();
    // The answer is in the documented shape, revision fields included.
    expect(seriesHistorySchema.safeParse(revisedHistory).error).toBeUndefined();
    const { series: summary, observations } = revisedHistory;
    const revised = observations.filter((o) => o.revisedAt !== undefined);
    expect(revised.map(({ period, value, firstValue, previousValue }) => ({ period, value, firstValue, previousValue }))).toEqual([
      { period: String(earlier?.['period']), value: first.earlier - 700, firstValue: first.earlier, previousValue: first.earlier },
      { period: String(latest?.['period']), value: first.latest + 2100, firstValue: first.latest, previousValue: first.latest + 1500 },
    ]);
    for (const o of revised) expect(Date.now() - Date.parse(o.revisedAt ?? '')).toBeLessThan(10 * 60_000);
    // Figures never revised carry no revision fields.
    expect(Object.keys(observations[0] ?? {})).toEqual(['period', 'value']);

    // The page renders again (the import purged it): the latest figure and the table say so.
    const html = await (await get(`/markets/${SLUG}`)).text();
    const text = textOf(html).replace(/\s+/g, ' ');
    const on = (iso: string | undefined) => formatShortDate(iso ?? '');
    const [earlierRevision, latestRevision] = revised;
    expect(text).toContain(
      `Revised from ${formatSeriesValue(first.latest + 1500, summary)} on ${on(latestRevision?.revisedAt)}; first published as ${formatSeriesValue(first.latest, summary)}.`,
    );
    expect(text).toContain(`Revised from ${formatSeriesValue(first.earlier, summary)} on ${on(earlierRevision?.revisedAt)}.`);
    const table = html.slice(html.indexOf('Latest observations'), html.indexOf('</table>', html.indexOf('Latest observations')));
    expect(table.match(/data-testid="revision"/g)).toHaveLength(2);
    expect(html).toContain(`<time datetime="${latestRevision?.revisedAt}">`);
    // Its downloads offer the figures as first published.
    expect(html).toMatch(new RegExp(`href="/api/series/${SLUG}\\?start=[\\d-]+&amp;end=[\\d-]+&amp;format=csv&amp;vintage=first"`));
  }, 240_000);

  it('answers the figures as first published and as known at the end of a day, in JSON and CSV', async () => {
    const current = await history();
    const asFirst = await history('?vintage=first');
    expect(asFirst).toMatchObject({ vintage: 'first', asOf: null });
    const byPeriod = (points: SeriesPoint[]) => new Map(points.map((p) => [p.period, p.value]));
    const expectedFirst = new Map(current.observations.map((p) => [p.period, p.firstValue ?? p.value]));
    expect(byPeriod(asFirst.observations)).toEqual(expectedFirst);
    expect(byPeriod(asFirst.observations).get(String(latest?.['period']))).toBe(first.latest);

    // Five days ago the figures were the first ones; today they are the revised ones; before they were seen, there were none.
    const fiveDaysAgo = day(Date.now() - 5 * 86_400_000);
    const then = await history(`?asOf=${fiveDaysAgo}`);
    expect(then).toMatchObject({ vintage: 'latest', asOf: fiveDaysAgo });
    expect(byPeriod(then.observations)).toEqual(expectedFirst);
    expect(byPeriod((await history(`?asOf=${day(Date.now())}`)).observations)).toEqual(byPeriod(current.observations));
    expect((await history(`?asOf=${day(Date.now() - 20 * 86_400_000)}`)).observations).toEqual([]);
    // With a range.
    const ranged = await history(`?start=${String(earlier?.['period'])}&vintage=first`);
    expect(ranged.observations[0]).toEqual({ period: String(earlier?.['period']), value: first.earlier });

    // The CSV downloads hold the same figures, and their file names say which.
    const csv = await get(`/api/series/${SLUG}?format=csv&vintage=first`);
    expect(csv.headers.get('Content-Disposition')).toMatch(/_first\.csv"$/);
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines.slice(1)).toEqual(asFirst.observations.map((o) => `${o.period},${o.value}`));
    const csvThen = await get(`/api/series/${SLUG}?format=csv&asOf=${fiveDaysAgo}`);
    expect(csvThen.headers.get('Content-Disposition')).toMatch(new RegExp(`_as-of-${fiveDaysAgo}\\.csv"$`));
    expect((await csvThen.text()).trimEnd().split('\r\n').slice(1)).toEqual(then.observations.map((o) => `${o.period},${o.value}`));
    expect((await get(`/api/series/${SLUG}?format=csv`)).headers.get('Content-Disposition')).toMatch(/_\d{4}-\d\d-\d\d\.csv"$/);
  }, 120_000);

  it('lists every revision of the series, newest period first, each with the figure it replaced and the run that saw it, from the key', async () => {
    const current = await history();
    const response = await get(`/api/series/${SLUG}/revisions`);
    expect(response.status).toBe(200);
    // One page holds them all: no next page.
    expect(response.headers.get('Link')).toBeNull();
    const revisions = (await response.json()) as SeriesRevision[];
    for (const r of revisions) expect(seriesRevisionSchema.safeParse(r).error).toBeUndefined();
    const runs = await listImportRuns(10, keyed.database.db);
    expect(revisions.map(({ period, value, previousValue }) => ({ period, value, previousValue }))).toEqual([
      { period: String(latest?.['period']), value: first.latest + 2100, previousValue: first.latest + 1500 },
      { period: String(latest?.['period']), value: first.latest + 1500, previousValue: first.latest },
      { period: String(earlier?.['period']), value: first.earlier - 700, previousValue: first.earlier },
    ]);
    // The latest revision is the one the history's point says; each names a run of the log, the newest the last import.
    expect(revisions[0]?.revisedAt).toBe(current.observations.find((o) => o.period === String(latest?.['period']))?.revisedAt);
    expect(revisions[0]?.importRun).toBe(runs[0]?.id);
    expect(new Set(revisions.map((r) => r.importRun)).size).toBe(3);
    // Paged by cursor: each page links the next one, the last none; a bad page is a 400, an unknown series a 404.
    const paged: SeriesRevision[] = [];
    let next: string | null = `/api/series/${SLUG}/revisions?limit=1`;
    while (next) {
      const page = await get(next);
      paged.push(...((await page.json()) as SeriesRevision[]));
      next = /^<([^>]+)>; rel="next"$/.exec(page.headers.get('Link') ?? '')?.[1] ?? null;
      expect(paged.length).toBeLessThanOrEqual(revisions.length);
    }
    expect(paged).toEqual(revisions);
    for (const query of ['limit=0', 'cursor=yesterday', 'offset=1']) {
      const refused = await get(`/api/series/${SLUG}/revisions?${query}`);
      expect(refused.status, query).toBe(400);
      expect(Object.keys(((await refused.json()) as { errors: Record<string, string[]> }).errors), query).toEqual([query.split('=')[0]]);
    }
    expect((await get('/api/series/nope/revisions')).status).toBe(404);
    // Read backwards along the vintages' key: no scan of the table, no sort.
    const { db, plans } = planRecorder(keyed);
    const [series] = await keyed.database.db.select().from(marketSeries).where(eq(marketSeries.slug, SLUG));
    await listValueRevisions(series?.id ?? -1, { limit: 100 }, db);
    const lines = plans.flatMap((p) => p.plan);
    expect(lines.filter((line) => /^SCAN (figure_revisions|v|p)\b(?! USING)|TEMP B-TREE/.test(line))).toEqual([]);
  });

  it('refuses an unknown vintage, a bad asOf, and asOf with vintage=first, with 400 and field messages', async () => {
    await expectQueriesRefused(get, `/api/series/${SLUG}`, [
      'vintage=second',
      'asOf=2026-02-30',
      'asOf=2026-11',
      'asOf=yesterday',
      'asOf=2026-11-20&vintage=first',
    ]);
  });

  it('a series still on its sample history (a site without a key) has no published figures to go back to', async () => {
    const at = async (query: string) => (await (await fetchCurrent(`${server.url}/api/series/wti${query}`)).json()) as History;
    expect((await at('')).observations.length).toBeGreaterThan(100);
    expect((await at('?vintage=first')).observations).toEqual([]);
    expect((await at(`?asOf=${day(Date.now())}`)).observations).toEqual([]);
    // Its page offers no download of figures it does not have.
    const page = await (await fetchCurrent(`${server.url}/markets/wti`)).text();
    expect(page).toContain('format=csv');
    expect(page).not.toContain('vintage=first');
  });
});
