// The grid's, the states' and the reports' charts at their own addresses,
// /charts/{grid|states|reports}/{key}.{svg,png,csv,json}: the view the page's (the embed's)
// query names, as a flat standalone SVG librsvg draws, its PNG, and exactly its figures (CSV
// with ISO 8601 times and offsets, every stored digit, units in the header; JSON of what is
// drawn); cached with the tags of the page's figures; a query that names no view is the
// contract's 400, an unknown key a 404.
import { describe, expect, it } from 'vitest';
import { fuelByName } from '@db/catalog/fuels';
import { expectPngFile, expectSvgFile } from '../helpers/chart-files.ts';
import { expectJsonNotFound, expectQueryRefused, reader } from '../helpers/reader.ts';
import { pixelsOf } from '../helpers/svg-pixels.ts';
import { useTestServer } from '../helpers/test-server.ts';

const tagsOf = (response: Response) => response.headers.get('Surrogate-Key')?.split(' ') ?? [];

type DataJson = {
  title: string;
  source: string;
  unit: string;
  zone?: string;
  series: { name: string; color: string; style: string; points: { x: string; y: number | null }[] }[];
};

// No EIA key: the seeded illustrative grid week, sample state prices and market history.
describe('chart files of the grid, the states and the reports', () => {
  const server = useTestServer(() => ({ TRUST_PROXY: 'true' }));
  const get = reader(server);

  it('draw a region’s week as one flat standalone SVG, its fuels in the catalog’s colours, tagged with the region', async () => {
    const res = await get('/charts/grid/tex.svg?chart=generation');
    const svg = await expectSvgFile(res, 'grid-tex-generation-by-fuel.svg', 'g:TEX');
    expect(tagsOf(res).filter((t) => t.startsWith('g:'))).toEqual(['g:TEX']);
    for (const text of ['Texas: net generation by fuel', 'Natural gas', 'Wind', 'Hour by hour, in gigawatts', 'EnergyPulse:', '/grid/TEX'])
      expect(svg).toContain(text);
    // The gas band is drawn by librsvg (at the bands' opacity over white), above the legend.
    const gas = fuelByName('Natural gas')!.color;
    const band = `#${[1, 3, 5]
      .map((i) =>
        Math.round(parseInt(gas.slice(i, i + 2), 16) * 0.9 + 25.5)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    expect((await pixelsOf(svg, band, 8, 440)).count).toBeGreaterThan(5000);
    // Dark, when asked; the demand chart by default, with its forecast dashed.
    expect(await (await get('/charts/grid/TEX.svg?chart=generation&theme=dark')).text()).toContain('fill="#0b1220"');
    const demand = await (await get('/charts/grid/TEX.svg')).text();
    expect(demand).toContain('Texas: hourly demand and day-ahead forecast');
    expect(demand).toContain('stroke-dasharray');
  });

  it('give a region’s hours as CSV a spreadsheet reads and the JSON of what is drawn, the same figures', async () => {
    const csv = await (await get('/charts/grid/TEX.csv?chart=interchange')).text();
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toBe('Hour ending (CT),Net interchange (sent out) (GW)');
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) expect(row).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00-0[56]:00,(-?\d+(\.\d+)?)?$/);
    const json = (await (await get('/charts/grid/TEX.json?chart=interchange')).json()) as DataJson;
    expect(json).toMatchObject({ title: 'Texas: net interchange with neighboring regions', unit: 'GW', zone: 'CT' });
    const points = json.series[0]!.points;
    expect(points.map((p) => `${p.x},${p.y ?? ''}`)).toEqual(rows);

    // Megawatthours as gigawatts with every digit: the API's figure over 1000, not rounded to the chart's tenth.
    const api = (await (await get('/api/grid/TEX')).json()) as { hours: { period: string; fuels: Record<string, number | null> }[] };
    const last = api.hours.findLast((h) => h.fuels['NG'] !== null)!;
    const generation = (await (await get('/charts/grid/TEX.json?chart=generation')).json()) as DataJson;
    const gas = generation.series.find((s) => s.name === 'Natural gas')!;
    expect(gas.color).toBe(fuelByName('Natural gas')!.color);
    expect(gas.points.find((p) => Date.parse(p.x) === Date.parse(last.period))?.y).toBe(last.fuels['NG']! / 1000);
    for (const s of generation.series) expect(s.color, s.name).toBe(fuelByName(s.name)!.color);
  });

  it('make the PNG from that SVG, with its title and address in the file', async () => {
    await expectPngFile(await get('/charts/states/TX.png?chart=generation'), 'Texas: net generation by fuel', /\/states\/TX$/);
  });

  it('give a state’s price history by sector with its months as dates, and its generation, tagged with the states', async () => {
    const res = await get('/charts/states/tx.csv?sector=commercial');
    expect(tagsOf(res)).toContain('states');
    const [header, ...rows] = (await res.text()).trimEnd().split('\r\n');
    expect(header).toBe('Month,Texas (¢/kWh),US average (¢/kWh)');
    for (const row of rows) expect(row).toMatch(/^\d{4}-\d{2}-01,\d+(\.\d+)?,\d+(\.\d+)?$/);
    const json = (await (await get('/charts/states/TX.json?sector=commercial')).json()) as DataJson;
    expect(json.title).toBe('Texas: commercial electricity price against the US average');
    expect(json.series.map((s) => s.style)).toEqual(['solid', 'dashed']);
    const svg = await (await get('/charts/states/TX.svg?chart=generation')).text();
    expect(svg).toContain('Texas: net generation by fuel');
  });

  it('draw each report view, its settings in the query, with its table as the CSV', async () => {
    const share = await get('/charts/reports/share.svg?period=12m');
    expect(share.status).toBe(200);
    expect(tagsOf(share)).toContain('market');
    const svg = await share.text();
    expect(svg).toContain('Market Share');
    expect((await pixelsOf(svg, fuelByName('Natural gas')!.color, 10)).count).toBeGreaterThan(2000);
    const price = await (await get('/charts/reports/price.csv?series=wti,brent&range=1y')).text();
    const [header, ...rows] = price.trimEnd().split('\r\n');
    expect(header).toBe('Date,WTI Crude Oil ($/bbl),Brent Crude Oil ($/bbl)');
    expect(rows.length).toBeGreaterThan(200);
    const regional = (await (await get('/charts/reports/regional.json?metric=renewables')).json()) as {
      mark: string;
      series: { points: unknown[] }[];
    };
    expect(regional.mark).toBe('bar');
    expect(regional.series[0]!.points).toHaveLength(15);
    const json = await get('/charts/reports/price.json');
    expect(json.headers.get('content-disposition')).toBe('inline; filename="price-analysis-wti-brent-6m.json"');
  });

  it('answer a query that names no view with the contract’s 400 saying which parameter, and an unknown chart with a 404', async () => {
    await expectQueryRefused(get, [
      ['/charts/grid/TEX.svg?chart=prices', 'chart'],
      ['/charts/grid/TEX.csv?theme=purple', 'theme'],
      ['/charts/grid/TEX.svg?chart=demand&chart=generation', 'chart'],
      ['/charts/states/TX.svg?sector=nuclear', 'sector'],
      ['/charts/states/TX.json?chart=map', 'chart'],
      ['/charts/reports/price.svg?range=9y', 'range'],
      ['/charts/reports/custom.csv?series=wti&chart=pie', 'chart'],
      ['/charts/reports/share.png?period=forever', 'period'],
      ['/charts/reports/regional.svg?theme=dark&theme=light', 'theme'],
    ]);
    await expectJsonNotFound(get, [
      '/charts/grid/XYZ.svg',
      '/charts/grid/TEX.gif',
      '/charts/grid/TEX',
      '/charts/states/ZZ.csv',
      '/charts/states/texas.svg',
      '/charts/reports/forecast.json',
      '/charts/reports/share.svg.png',
    ]);
    // A parameter no view reads is ignored, never an error.
    expect((await get('/charts/grid/TEX.csv?utm_source=mail')).status).toBe(200);
    expect((await fetch(`${server.url}/charts/states/TX.svg`, { method: 'POST' })).status).toBe(405);
  });
});
