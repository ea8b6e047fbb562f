import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyticsContent, categories, gridFuelHourly, gridHourly } from '@db/schema';
import { GRID_REGIONS } from '@db/catalog/grid';
import { RETAIL_SECTOR_SLUGS } from '@db/catalog/states';
import type { SectorFigures } from '@/lib/wire/states';
import { US_STATES } from '@/lib/energy';
import { fetchCurrent, purgeEveryPage } from '../helpers/purge.ts';
import { useTestServer } from '../helpers/test-server.ts';

// No EIA key: the seeded illustrative week and sample prices.
const server = useTestServer();
const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, { redirect: 'manual', ...init });
const tagsOf = (response: Response) => response.headers.get('Surrogate-Key')?.split(' ') ?? [];

/**
 * Checks an embed page: a chart alone, framable by any site, without cookies, cached with
 * exactly these tags (besides `site`), and served from the cache to a second reader. Its HTML.
 */
async function expectEmbed(path: string, tags: readonly string[]): Promise<string> {
  const page = await fetchCurrent(`${server.url}${path}`);
  expect(page.status, path).toBe(200);
  expect(page.headers.get('X-Frame-Options'), path).toBeNull();
  expect(page.headers.get('Content-Security-Policy'), path).toContain('frame-ancestors *');
  expect(page.headers.get('Set-Cookie'), path).toBeNull();
  expect(page.headers.get('Cache-Control'), path).toMatch(/^public, .*s-maxage=\d+/);
  expect(
    tagsOf(page)
      .filter((t) => t !== 'site')
      .sort(),
    path,
  ).toEqual([...tags].sort());
  const html = await page.text();
  expect(html, path).toContain('data-chart-figure=');
  expect(html, path).toContain('<meta name="robots" content="noindex"');
  expect(html, path).not.toMatch(/<header|<footer/);
  // A second reader gets the cached page.
  expect((await get(path)).headers.get('X-Cache'), path).toBe('HIT');
  return html;
}

/** Checks that each address is a 301 to its one spelling. */
async function expectMoved(moves: readonly (readonly [string, string])[]): Promise<void> {
  for (const [path, location] of moves) {
    const moved = await get(path);
    expect(moved.status, path).toBe(301);
    expect(moved.headers.get('Location'), path).toBe(location);
  }
}

/** Checks that each address names no chart: a 404 page saying so. */
async function expectNoChart(paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const missing = await get(path);
    expect(missing.status, path).toBe(404);
    expect(missing.headers.get('Content-Type'), path).toContain('text/html');
    expect(await missing.text(), path).toContain('No chart at this address.');
  }
}

describe('the live grid pages', () => {
  it('serve the Lower 48 and every region, the code in any case; an unknown code is a 404 page', async () => {
    const grid = await fetchCurrent(`${server.url}/grid`);
    expect(grid.status).toBe(200);
    const html = await grid.text();
    expect(html).toContain('Illustrative sample');
    for (const region of GRID_REGIONS.filter((r) => r.code !== 'US48')) {
      expect(html).toContain(`href="/grid/${region.code}"`);
      const page = await get(`/grid/${region.code.toLowerCase()}`);
      expect(page.status, region.code).toBe(200);
      const text = await page.text();
      expect(text).toContain(`<link rel="canonical" href="http://localhost:4321/grid/${region.code}"`);
      // Hours said in the region's zone and in US Eastern, each named.
      expect(text).toContain(region.timeZone === 'America/New_York' ? ' ET' : ` ${region.zoneAbbr} (`);
    }
    expect((await get('/grid/US48')).headers.get('Location')).toBe('/grid');
    for (const path of ['/grid/xyz', '/grid/texas-and-more', '/grid/%00']) {
      const missing = await get(path);
      expect(missing.status, path).toBe(404);
      expect(missing.headers.get('Content-Type')).toContain('text/html');
    }
  });

  it('say the hour in the region’s zone and in US Eastern, and mark data past its lag as stale', async () => {
    const fresh = await (await fetchCurrent(`${server.url}/grid/tex`)).text();
    expect(fresh).toMatch(/hour ending <time datetime="[^"]+">\w{3}, \w{3} \d+, \d+ [AP]M CT \(\d+ [AP]M ET\)<\/time>/);
    expect(fresh).not.toContain('Stale');
    // Texas' last day gone: its latest hour is past the six hours EIA's data may lag.
    const dayAgo = Date.now() - 86_400_000;
    await server.database.db.run(sql`DELETE FROM grid_hourly WHERE respondent = 'TEX' AND period > ${dayAgo}`);
    await server.database.db.run(sql`DELETE FROM grid_fuel_hourly WHERE respondent = 'TEX' AND period > ${dayAgo}`);
    await purgeEveryPage(server.database.db);
    expect(await (await fetchCurrent(`${server.url}/grid/tex`)).text()).toContain('Stale: no new hour for more than 6 hours');
    expect(await (await fetchCurrent(`${server.url}/grid/cal`)).text()).not.toContain('Stale');
  });

  it('record the regions they show, so the import purges exactly them', async () => {
    expect(tagsOf(await fetchCurrent(`${server.url}/grid`))).toEqual(expect.arrayContaining(GRID_REGIONS.map((r) => `g:${r.code}`)));
    const ne = tagsOf(await fetchCurrent(`${server.url}/grid/ne`));
    expect(ne).toContain('g:NE');
    expect(ne.filter((t) => t.startsWith('g:'))).toEqual(['g:NE']);
    expect(tagsOf(await fetchCurrent(`${server.url}/states`))).toContain('states');
    expect(tagsOf(await fetchCurrent(`${server.url}/states/vt`))).toEqual(expect.arrayContaining(['states', 'l:search']));
  });
});

describe('the states pages', () => {
  it('map and tabulate every state and DC, colored by the chosen sector, with a legend and units', async () => {
    const html = await (await fetchCurrent(`${server.url}/states`)).text();
    const from = html.indexOf('data-testid="states-map"');
    const map = html.slice(from, html.indexOf('</svg>', from));
    expect(map.match(/<a href="\/states\/[A-Z]{2}"/g)).toHaveLength(Object.keys(US_STATES).length);
    expect(map).toContain('aria-label="Texas: ');
    // A state drawn with its code in a box (too small to click on the map) is named with that
    // code too: what a reader sees on a link is part of its name (WCAG 2.5.3, label in name).
    const boxed = [...map.matchAll(/<a [^>]*aria-label="([^"]*)"[^>]*>(?:(?!<\/a>)[\s\S])*?<text[^>]*>\s*([A-Z]{2})\s*<\/text>/g)];
    expect(boxed.length).toBeGreaterThan(0);
    for (const [, label, code] of boxed) expect(label).toContain(code);
    expect(html.match(/<tr class="border-t" data-state=/g)).toHaveLength(Object.keys(US_STATES).length);
    expect(html).toContain('Average residential price, ¢/kWh');
    expect(html).toContain('Illustrative sample');
    const commercial = await (await fetchCurrent(`${server.url}/states?sector=COMMERCIAL`)).text();
    expect(commercial).toContain('<h1 class="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Commercial electricity prices by state</h1>');
    // An unknown sector is the default one, not an error.
    expect((await get('/states?sector=nuclear')).status).toBe(200);
  });

  it('sort the table by any column, either way', async () => {
    const firstRow = async (query: string) => {
      const html = await (await fetchCurrent(`${server.url}/states${query}`)).text();
      return /<tr class="border-t" data-state="([A-Z]{2})"/.exec(html)?.[1];
    };
    expect(await firstRow('')).toBe('AL');
    expect(await firstRow('?sort=name&dir=desc')).toBe('WY');
    // Hawaii has the highest sample price, Idaho or North Dakota the lowest.
    expect(await firstRow('?sort=price&dir=desc')).toBe('HI');
    expect(['ID', 'ND']).toContain(await firstRow('?sort=price&dir=asc'));
  });

  it('give each state its page, the code in any case; an unknown code is a 404 page', async () => {
    for (const code of ['tx', 'DC', 'hi']) {
      const page = await get(`/states/${code}`);
      expect(page.status, code).toBe(200);
      const html = await page.text();
      expect(html).toContain(`${US_STATES[code.toUpperCase()]}: electricity prices and generation`);
      expect(html).toContain('against the US average');
      expect(html).toContain('data-testid="state-ranks"');
      // The retail sales by sector, with their unit and where they come from (the sample, here).
      expect(html).toContain('data-testid="state-sales"');
      expect(html).toContain('in million kilowatthours (gigawatthours)');
      expect(html).toMatch(/data-testid="state-sales-source"[^>]*>\s*Illustrative sample: seeded prices and sales, not EIA figures\./);
    }
    for (const path of ['/states/zz', '/states/usa', '/states/us']) expect((await get(path)).status, path).toBe(404);
  });
});

describe('the embeds of the data desk’s charts, the reports, analysis items and dashboard cards', () => {
  /** The id of the seeded analysis item with this title. */
  const analysisId = async (title: string) => {
    const [item] = await server.database.db.select({ id: analyticsContent.id }).from(analyticsContent).where(eq(analyticsContent.title, title));
    if (!item) throw new Error(`No seeded item ${title}`);
    return item.id;
  };

  it('serve each chart alone, framable by any site, without cookies, cached with the tags its figures purge', async () => {
    const crude = await analysisId('Crude benchmarks: WTI, Brent and the spread this quarter');
    // Exactly what each shows: one region's hours, or the states' figures (no articles, unlike the state's page); a report, an item, a card.
    for (const [path, tags, canonical, ...shows] of [
      ['/embed/grid/TEX', ['g:TEX'], '/grid/TEX', 'Texas: hourly demand and day-ahead forecast'],
      ['/embed/grid/US48?chart=generation', ['g:US48'], '/grid'],
      ['/embed/states/TX', ['states'], '/states/TX'],
      [
        '/embed/states/VT?sector=industrial',
        ['states'],
        '/states/VT?sector=industrial',
        'Vermont: industrial electricity price against the US average',
      ],
      ['/embed/states/CA?chart=generation', ['states'], '/states/CA'],
      ['/embed/reports/price', ['market'], '/analytics?tab=reports&amp;report=price'],
      [
        '/embed/reports/custom?series=gasoline,electricity&range=2y&chart=bar',
        ['market'],
        '/analytics?tab=reports&amp;report=custom&amp;series=gasoline,electricity&amp;range=2y&amp;chart=bar',
      ],
      ['/embed/reports/share?period=12m', ['market'], '/analytics?tab=reports&amp;report=share&amp;period=12m'],
      ['/embed/reports/regional?metric=renewables', ['market'], '/analytics?tab=reports&amp;report=regional&amp;metric=renewables'],
      [`/embed/analysis/${crude}`, [`an:${crude}`, 'market'], `/analytics/${crude}`, '>Crude benchmarks: WTI, Brent and the spread this quarter</a>'],
      ['/embed/cards/volatility', ['market', 'zoho'], '/'],
      ['/embed/cards/production', ['market', 'zoho'], '/'],
      ['/embed/cards/energy-mix', ['market', 'zoho'], '/'],
    ] as const) {
      const html = await expectEmbed(path, tags);
      expect(html, path).toContain(`<link rel="canonical" href="http://localhost:4321${canonical}"`);
      for (const text of shows) expect(html, path).toContain(text);
    }
    // The pages they come from give their embed codes.
    const analysis = await (await get(`/analytics/${crude}`)).text();
    expect(analysis).toContain(`http://localhost:4321/embed/analysis/${crude}`);
    const home = await (await fetchCurrent(`${server.url}/`)).text();
    for (const card of ['volatility', 'production', 'energy-mix']) expect(home, card).toContain(`/embed/cards/${card}`);
  });

  it('send any other spelling of a view to its one address, and answer an unknown chart with a 404 page', async () => {
    await expectMoved([
      ['/embed/grid/tex', '/embed/grid/TEX'],
      ['/embed/grid/TEX?chart=demand', '/embed/grid/TEX'],
      ['/embed/states/tx?sector=Commercial', '/embed/states/TX?sector=commercial'],
      ['/embed/states/TX?chart=generation&sector=commercial', '/embed/states/TX?chart=generation'],
      ['/embed/reports/PRICE', '/embed/reports/price'],
      ['/embed/reports/price?series=wti,brent&range=6m', '/embed/reports/price'],
      ['/embed/reports/price?range=1Y&series=BRENT', '/embed/reports/price?series=brent&range=1y'],
      ['/embed/reports/custom?series=wti%2Cwti&range=2y', '/embed/reports/custom?range=2y'],
      ['/embed/reports/custom?chart=line&range=3m&series=brent', '/embed/reports/custom?series=brent&range=3m'],
      ['/embed/reports/share?metric=renewables', '/embed/reports/share'],
      ['/embed/cards/Energy-Mix', '/embed/cards/energy-mix'],
    ]);
    const textOnly = await analysisId('Quarterly report: the US generation mix');
    await expectNoChart([
      '/embed/grid/XYZ',
      '/embed/grid/TEX?chart=prices',
      '/embed/states/ZZ',
      '/embed/states/TX?chart=map',
      '/embed/grid/%00',
      '/embed/reports/nope',
      '/embed/reports/price?range=5y',
      '/embed/reports/price?series=electricity',
      '/embed/reports/custom?series=',
      '/embed/reports/share?period=%00',
      `/embed/analysis/${textOnly}`,
      '/embed/analysis/999999',
      '/embed/analysis/abc',
      '/embed/analysis/01',
      '/embed/cards/nope',
    ]);
  });
});

describe('the topic pages', () => {
  it('each link to the live grid and the states, with market figures or without', async () => {
    const topics = await server.database.db.select({ slug: categories.slug }).from(categories);
    let withoutFigures = 0;
    for (const { slug } of topics) {
      const page = await fetchCurrent(`${server.url}/category/${slug}`);
      expect(page.status, slug).toBe(200);
      const html = await page.text();
      expect(html, slug).toMatch(/data-testid="data-desk-links"[\s\S]*href="\/grid"[\s\S]*href="\/states"/);
      if (!html.includes('data-testid="topic-markets"')) withoutFigures += 1;
    }
    // The seed has topics of both kinds, so both ways of linking are served.
    expect(withoutFigures).toBeGreaterThan(0);
    expect(withoutFigures).toBeLessThan(topics.length);
  });
});

describe('the data API of the grid and the states', () => {
  it('lists every region now, and a region’s hours as JSON or CSV', async () => {
    const regions = (await (await get('/api/grid')).json()) as { code: string; source: { sample: boolean } }[];
    expect(regions.map((r) => r.code)).toEqual(GRID_REGIONS.map((r) => r.code));
    expect(regions.every((r) => r.source.sample)).toBe(true);
    const [last] = await server.database.db
      .select({ period: gridHourly.period })
      .from(gridHourly)
      .where(eq(gridHourly.respondent, 'CAL'))
      .orderBy(sql`${gridHourly.period} desc`)
      .limit(1);
    const end = last!.period.toISOString().slice(0, 13);
    const start = new Date(last!.period.getTime() - 5 * 3_600_000).toISOString().slice(0, 13);
    const json = (await (await get(`/api/grid/cal?start=${start}&end=${end}`)).json()) as {
      hours: { period: string; fuels: Record<string, number | null> }[];
    };
    expect(json.hours.map((h) => h.period.slice(0, 13))).toHaveLength(6);
    const csv = await get(`/api/grid/CAL?start=${start}&end=${end}&format=csv`);
    expect(csv.headers.get('Content-Type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    // Hours in UTC and on California's clock, each ISO 8601 with its offset; the catalog's fuels, EIA-930's storage and geothermal apart.
    expect(lines[0]).toBe(
      'period_utc_hour_ending,period_local_hour_ending_pt,demand_mwh,day_ahead_forecast_mwh,net_generation_mwh,total_interchange_mwh,nuclear_mwh,coal_mwh,natural_gas_mwh,petroleum_mwh,hydro_mwh,geothermal_mwh,wind_mwh,solar_mwh,battery_storage_mwh,pumped_storage_mwh,other_storage_mwh,other_mwh',
    );
    expect(lines).toHaveLength(7);
    const fuels = await server.database.db.select().from(gridFuelHourly).where(eq(gridFuelHourly.respondent, 'CAL'));
    const atEnd = fuels.filter((f) => f.period.getTime() === last!.period.getTime());
    const row = lines.at(-1)!.split(',');
    expect(Date.parse(row[0]!)).toBe(last!.period.getTime());
    expect(row[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00-0[78]:00$/);
    expect(Date.parse(row[1]!)).toBe(last!.period.getTime());
    expect(row[6]).toBe(String(atEnd.find((f) => f.fuel === 'NUC')?.value ?? ''));
    expect(row[14]).toBe(String(atEnd.find((f) => f.fuel === 'BAT')?.value ?? ''));
  });

  it('answers bad input with the contract’s JSON errors', async () => {
    for (const [path, status] of [
      ['/api/grid/xyz', 404],
      ['/api/grid/tex?start=2026-13-01', 400],
      ['/api/grid/tex?start=2026-01-01&end=2026-03-01', 400],
      ['/api/grid/tex?start=2026-02-01&end=2026-01-01', 400],
      ['/api/grid/tex?format=xml', 400],
      ['/api/states/zz', 404],
      ['/api/states/tx?start=2026-1', 400],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(status);
      expect(response.headers.get('Content-Type'), path).toContain('application/json');
      expect(typeof ((await response.json()) as { message: unknown }).message, path).toBe('string');
    }
  });

  it('gives every state’s prices and ranks, and one state’s months as JSON or CSV', async () => {
    const overview = (await (await get('/api/states')).json()) as { states: { code: string; rank: { residential: number | null } }[]; unit: string };
    expect(overview.unit).toBe('¢/kWh');
    expect(overview.states).toHaveLength(Object.keys(US_STATES).length);
    expect(overview.states.find((s) => s.code === 'HI')?.rank.residential).toBe(1);
    const history = (await (await get('/api/states/ca?start=2020-01')).json()) as {
      months: { period: string; prices: { residential: number | null }; us: { residential: number | null }; sales: SectorFigures }[];
    };
    expect(history.months.length).toBeGreaterThan(12);
    expect(history.months.every((m) => (m.prices.residential ?? 0) > (m.us.residential ?? Infinity))).toBe(true);
    // The retail sales by sector (the sample's), every sector in every month, all sectors their sum.
    for (const { sales } of history.months) {
      expect(Object.values(sales).every((v) => v !== null && v > 0)).toBe(true);
      expect(sales.all).toBeCloseTo((sales.residential ?? 0) + (sales.commercial ?? 0) + (sales.industrial ?? 0), 1);
    }
    const csv = (await (await get('/api/states/CA?format=csv')).text()).trimEnd().split('\r\n');
    expect(csv[0]).toMatch(/^month,ca_residential_cents_per_kwh,/);
    // The sales' columns after the others, each month's figures as the JSON has them.
    const head = csv[0]?.split(',') ?? [];
    expect(head.slice(-4)).toEqual(RETAIL_SECTOR_SLUGS.map((s) => `ca_${s}_sales_million_kwh`));
    const last = history.months.at(-1);
    expect(csv.at(-1)?.split(',').slice(-4)).toEqual(RETAIL_SECTOR_SLUGS.map((s) => String(last?.sales[s])));
    expect(csv.at(-1)?.startsWith(`${last?.period},`)).toBe(true);
  });
});
