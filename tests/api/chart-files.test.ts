// A series view's chart at its own address, /charts/markets/{slug}.{svg,png,csv,json}: the same
// view as the page's query names, as a flat SVG, its PNG, and exactly its figures; a query that
// names no view is the contract's 400, an unknown series a 404; cached as the page is, and an
// EIA import purges them with it.
import { describe, expect, it } from 'vitest';
import { startFakeEia } from '../fakes/eia.ts';
import { apiClient } from '../helpers/api-client.ts';
import { expectPngFile, expectSvgFile } from '../helpers/chart-files.ts';
import { fakeEiaSettings } from '../helpers/eia-server.ts';
import { expectJsonNotFound, expectQueriesRefused, reader } from '../helpers/reader.ts';
import { useFake } from '../helpers/suite.ts';
import { useTestServer } from '../helpers/test-server.ts';
import { pixelsOf } from '../helpers/svg-pixels.ts';

const PASSWORD = 'chart-files-admin-password';

type ChartJson = {
  title: string;
  source: string;
  axes: { side: string; title: string }[];
  lines: { key: string; kind: string; axis: string; color: string; points: [string, number][] }[];
};

describe('chart files of the seeded site', () => {
  const server = useTestServer(() => ({ TRUST_PROXY: 'true' }));
  const get = reader(server);

  it('draws the view as one flat, standalone SVG with its title, legend, source line and address, in the theme asked', async () => {
    const svg = await expectSvgFile(await get('/charts/markets/wti.svg?range=5y&compare=brent'), 'wti-brent-5y.svg', 'market');
    for (const text of ['WTI Crude Oil compared with Brent Crude Oil', 'Brent Crude Oil', 'Sample data (seeded history', 'EnergyPulse:'])
      expect(svg).toContain(text);
    expect(svg).toContain('/markets/wti?range=5y&amp;compare=brent');
    // Its lines are drawn, in the catalog's colors, by librsvg.
    expect((await pixelsOf(svg, '#2563eb', 20, 440)).count).toBeGreaterThan(500);
    expect((await pixelsOf(svg, '#c2410c', 20, 440)).count).toBeGreaterThan(500);
    const dark = await (await get('/charts/markets/wti.svg?range=5y&compare=brent&theme=dark')).text();
    expect(dark).toContain('fill="#0b1220"');
    expect(svg).toContain('fill="#ffffff"');
  });

  it('makes the PNG from that SVG, at twice its size, with its title and source in the file', async () => {
    await expectPngFile(
      await get('/charts/markets/gas-storage.png?range=5y'),
      'Working Gas in Storage (Lower 48)',
      /\/markets\/gas-storage\?range=5y$/,
    );
  });

  it('gives exactly the figures drawn as CSV (ISO dates, stored digits, units in the header) and JSON (with axes and colors)', async () => {
    const csv = await (await get('/charts/markets/crude-inventories.csv?range=6m')).text();
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toBe('Date,US Commercial Crude Oil Inventories (million bbl)');
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expect(row).toMatch(/^\d{4}-\d{2}-\d{2},\d+\.\d{1,3}$/);
    // Stored in thousands of barrels with no decimals: shown in millions, every digit kept.
    expect(rows.some((r) => /\.\d{3}$/.test(r))).toBe(true);

    const res = await get('/charts/markets/brent.json?compare=wti-brent-spread');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const json = (await res.json()) as ChartJson;
    // The spread is a tenth of Brent's size: it is read on the right axis.
    expect(json.lines.map((l) => [l.key, l.axis])).toEqual([
      ['brent', 'left'],
      ['wti-brent-spread', 'right'],
      ...json.lines.slice(2).map((l) => [l.key, 'left']),
    ]);
    expect(json.axes).toEqual([
      { side: 'left', title: '$/bbl' },
      { side: 'right', title: '$/bbl (WTI–Brent spread)' },
    ]);
    // The same figures as the CSV of the same view.
    const sameCsv = (await (await get('/charts/markets/brent.csv?compare=wti-brent-spread')).text()).trimEnd().split('\r\n');
    expect(sameCsv.length - 1).toBe(new Set(json.lines.flatMap((l) => l.points.map(([p]) => p))).size);
    const brent = json.lines[0]?.points.at(-1);
    expect(sameCsv.find((r) => r.startsWith(`${brent?.[0]},`))?.split(',')[1]).toBe(String(brent?.[1]));
  });

  it('answers a query that names no view with the contract’s 400, saying which parameter, and an unknown chart with a 404', async () => {
    await expectQueriesRefused(get, '/charts/markets/wti.svg', [
      'range=9y',
      'range=5Y',
      'compare=nope',
      'compare=wti',
      'compare=brent,brent',
      'compare=brent,henry-hub,gasoline,diesel',
      'compare=Brent%3Cscript%3E',
      'measure=log',
      'outlook=maybe',
      'theme=purple',
      'range=1y&range=5y',
    ]);
    await expectJsonNotFound(
      get,
      ['nope.svg', 'wti.gif', 'wti', 'WTI.svg', 'wti.svg.png'].map((file) => `/charts/markets/${file}`),
    );
    // A parameter no view reads is ignored, never an error.
    expect((await get('/charts/markets/wti.csv?utm_source=mail')).status).toBe(200);
    expect((await fetch(`${server.url}/charts/markets/wti.svg`, { method: 'POST' })).status).toBe(405);
  });
});

describe('chart files after an EIA import', () => {
  const eia = useFake(() => startFakeEia());
  const server = useTestServer(() => ({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true', ...fakeEiaSettings(eia) }));
  const get = reader(server);

  it('are purged with the series page: the files cached before the import show its figures after it', async () => {
    // A site with a key and no import yet: the chart has nothing to draw, and that answer is cached.
    const before = await get('/charts/markets/henry-hub.csv');
    expect((await before.text()).trimEnd().split('\r\n')).toHaveLength(1);
    const again = await fetch(`${server.url}/charts/markets/henry-hub.csv`);
    expect(again.headers.get('x-cache')).toBe('HIT');
    await again.arrayBuffer();
    const api = apiClient(server, PASSWORD);
    const res = await api.call('POST', '/api/admin/market-data/refresh', { cookie: await api.signIn() });
    expect(res.status, res.text).toBe(200);
    const after = (await (await get('/charts/markets/henry-hub.csv')).text()).trimEnd().split('\r\n');
    expect(after.length).toBeGreaterThan(20);
    const json = (await (await get('/charts/markets/henry-hub.json')).json()) as ChartJson;
    expect(json.source).toMatch(/U\.S\. EIA/);
    // The figures drawn are the CSV's (which also holds the forecast's months).
    const periods = new Set(after.slice(1).map((r) => r.split(',')[0]));
    expect(json.lines[0]?.points.length).toBeGreaterThan(20);
    for (const [period] of json.lines[0]?.points ?? []) expect(periods.has(period)).toBe(true);
  });
});
