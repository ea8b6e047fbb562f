import { describe, expect, it } from 'vitest';
import type { Report } from '@/lib/wire/markets';
import { useTestServer } from '../helpers/test-server.ts';

const server = useTestServer();

const get = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, headers: res.headers, text: await res.text() };
};
const report = async (path: string) => JSON.parse((await get(path)).text) as Report;

describe('reports', () => {
  it('Price Analysis charts the chosen benchmarks over the chosen range, with a table behind the chart', async () => {
    const r = await report('/api/reports/price?series=wti,brent&range=3m');
    expect(r.title).toBe('Price Analysis');
    expect(r.chart.series.map((s) => s.name)).toEqual(['WTI Crude Oil ($/bbl)', 'Brent Crude Oil ($/bbl)']);
    const points = r.chart.series[0]?.data as [number, number][];
    const span = (points.at(-1)?.[0] ?? 0) - (points[0]?.[0] ?? 0);
    expect(span).toBeGreaterThan(80 * 86_400_000);
    expect(span).toBeLessThanOrEqual(92 * 86_400_000);
    expect(r.table.columns).toEqual(['Date', 'WTI Crude Oil ($/bbl)', 'Brent Crude Oil ($/bbl)']);
    expect(r.table.rows).toHaveLength(points.length);
    expect(r.notes.some((n) => n.startsWith('Sample history'))).toBe(true);
  });

  it('indexes series of different units to 100 and says so', async () => {
    const r = await report('/api/reports/custom?series=wti,henry-hub&range=6m&chart=area');
    expect(r.chart.type).toBe('area');
    expect(r.chart.yTitle).toMatch(/Index/);
    expect((r.chart.series[1]?.data[0] as [number, number])[1]).toBe(100);
    expect(r.notes[0]).toMatch(/indexed to 100/);
  });

  it('Market Share sums US generation by source to 100%', async () => {
    const r = await report('/api/reports/share?period=12m');
    const shares = r.chart.series[0]?.data as number[];
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0);
    expect(r.table.columns).toEqual(['Source', 'Generation (GWh)', 'Share (%)']);
    expect(r.chart.categories).toContain('Natural gas');
  });

  it('Regional Data ranks every state', async () => {
    const r = await report('/api/reports/regional?metric=generation');
    expect(r.table.rows).toHaveLength(51);
    expect(r.table.rows[0]?.[0]).toBe('Texas');
    expect(r.chart.categories).toHaveLength(15);
    const renewables = await report('/api/reports/regional?metric=renewables');
    const shares = renewables.table.rows.map((row) => row[2] as number);
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
  });

  it('says under every report where its figures come from and as of when, with units on the value axis', async () => {
    const price = await report('/api/reports/price?series=wti,brent&range=1m');
    const end = (price.table.rows.at(-1)?.[0] ?? '') as string;
    const asOf = new Date(`${end}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    expect(price.source).toBe(`Sample data (seeded history, not EIA figures), as of ${asOf}.`);
    // The series it draws, each with its page.
    expect(price.series).toEqual([
      { slug: 'wti', name: 'WTI Crude Oil' },
      { slug: 'brent', name: 'Brent Crude Oil' },
    ]);
    expect(price.chart.yTitle).toBe('$/bbl');
    const regional = await report('/api/reports/regional?metric=generation');
    expect(regional.source).toMatch(/^Sample data \(seeded generation history, not EIA figures\), as of [A-Z][a-z]+ \d{4}\.$/);
    expect(regional.chart.yTitle).toBe('Generation (GWh)');
    const renewables = await report('/api/reports/regional?metric=renewables');
    expect(renewables.chart).toMatchObject({ yTitle: 'Renewable share (%)', decimals: 1, valueSuffix: '%' });
    const share = await report('/api/reports/share?period=latest');
    expect(share.source).toMatch(/^Sample data/);
  });

  it('gives each table column its decimals, so a column reads alike', async () => {
    expect((await report('/api/reports/custom?series=wti,gasoline&range=1m')).table.decimals).toEqual([null, 2, 3]);
    expect((await report('/api/reports/regional?metric=renewables')).table.decimals).toEqual([null, 0, 1, null]);
    expect((await report('/api/reports/share?period=12m')).table.decimals).toEqual([null, 0, 1]);
  });

  it('downloads the table as CSV', async () => {
    const res = await get('/api/reports/share?period=latest&format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="market-share-latest.csv"');
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Source,Generation (GWh),Share (%)');
    expect(lines.slice(1).every((l) => /^[A-Za-z ]+,\d+,\d+(\.\d)?$/.test(l))).toBe(true);
  });

  it('answers bad parameters with the contract error', async () => {
    const res = await get('/api/reports/price?series=wti,electricity&range=5y');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toEqual({ message: 'Invalid query parameters', errors: { series: ['Unknown series'], range: ['Unknown range'] } });
    expect((await get('/api/reports/nope')).status).toBe(404);
    expect((await get('/api/reports/custom?series=')).status).toBe(400);
  });
});
