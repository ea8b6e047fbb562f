// The server's SVG charts drawn by librsvg (through sharp, as a design tool or a PNG download
// would): each kind of chart shows its plotted marks in their colours, and the file is flat.
import { describe, expect, it } from 'vitest';
import type { ChartSpec } from '@/lib/charts/chart-spec';
import { renderSvgChart, thinPoints } from '@/lib/charts/svg-chart';
import { pixelsOf } from '../helpers/svg-pixels.ts';

const days = (n: number, from = Date.UTC(2026, 0, 1)) =>
  Array.from({ length: n }, (_, i) => new Date(from + i * 86_400_000).toISOString().slice(0, 10));

const BLUE = '#1d4ed8';
const ORANGE = '#d97706';
const GREEN = '#15803d';

const lineSpec: ChartSpec = {
  title: 'WTI and Brent crude, daily',
  description: 'Two lines over 60 days, and a dashed forecast.',
  mark: 'line',
  xType: 'time',
  series: [
    { name: 'WTI', color: BLUE, points: days(60).map((x, i) => ({ x, y: 70 + Math.sin(i / 5) * 4 })) },
    { name: 'Brent', color: ORANGE, points: days(60).map((x, i) => ({ x, y: i === 30 ? null : 74 + Math.cos(i / 6) * 3 })) },
    { name: 'WTI forecast', color: GREEN, style: 'dashed', points: days(30, Date.UTC(2026, 2, 1)).map((x, i) => ({ x, y: 72 + i * 0.1 })) },
  ],
  yTitle: 'Dollars per barrel',
  decimals: 2,
  annotations: [{ from: '2026-01-20', label: 'OPEC+ meeting' }],
  source: 'Source: U.S. Energy Information Administration, as of Mar 30, 2026.',
};

describe('server-drawn SVG charts', () => {
  it('is one flat standalone SVG with its title, description and legend, and nothing librsvg cannot draw', () => {
    const svg = renderSvgChart(lineSpec, { standalone: true, idPrefix: 'wti' });
    expect(svg.match(/<svg\b/g)).toHaveLength(1);
    expect(svg).not.toMatch(/foreignObject|<style|class=/);
    expect(svg).toContain('<title id="wti-title">WTI and Brent crude, daily</title>');
    expect(svg).toContain('aria-labelledby="wti-title wti-desc"');
    for (const name of ['WTI', 'Brent', 'WTI forecast', 'Dollars per barrel', 'OPEC+ meeting', 'Source: U.S. Energy Information Administration'])
      expect(svg).toContain(name);
    expect(svg).toContain('stroke-dasharray="7 4"');
  });

  it('draws each line in its colour inside the plot when rendered by librsvg', async () => {
    const svg = renderSvgChart(lineSpec, { width: 720, height: 360 });
    const [blue, orange, green] = await Promise.all([pixelsOf(svg, BLUE), pixelsOf(svg, ORANGE), pixelsOf(svg, GREEN)]);
    // A line across most of the plot's width, not a legend swatch alone.
    expect(blue.count).toBeGreaterThan(300);
    expect(blue.maxX - blue.minX).toBeGreaterThan(400);
    expect(orange.count).toBeGreaterThan(300);
    // The forecast lies after the history: its marks start right of the middle.
    expect(green.maxX).toBeGreaterThan(blue.maxX);
  });

  it('stacks bands with storage charging below zero and draws bars and donut slices', async () => {
    const hours = Array.from({ length: 24 }, (_, i) => `2026-11-20T${String(i).padStart(2, '0')}`);
    const stacked = renderSvgChart({
      title: 'Generation by fuel',
      description: 'Hourly generation by fuel.',
      mark: 'stacked-area',
      xType: 'time',
      series: [
        { name: 'Natural gas', color: BLUE, points: hours.map((x) => ({ x, y: 30_000 })) },
        { name: 'Solar', color: ORANGE, points: hours.map((x, i) => ({ x, y: i > 6 && i < 18 ? 10_000 : 0 })) },
        { name: 'Battery storage', color: GREEN, points: hours.map((x, i) => ({ x, y: i < 12 ? -2_000 : 3_000 })) },
      ],
      yTitle: 'Megawatts',
      decimals: 0,
      source: 'EIA-930',
    });
    // The plot only: the legend's swatches sit below y 310.
    const battery = await pixelsOf(stacked, GREEN, 40, 310);
    const gas = await pixelsOf(stacked, BLUE, 40, 310);
    expect(gas.count).toBeGreaterThan(2000);
    // Charging sits below zero, under the gas band.
    expect(battery.maxY).toBeGreaterThan(gas.maxY);

    const bars = renderSvgChart({
      title: 'Prices by state',
      description: 'Bars.',
      mark: 'bar',
      xType: 'category',
      series: [{ name: 'Residential', color: ORANGE, points: ['TX', 'CA', 'NY'].map((x, i) => ({ x, y: 12 + i * 5 })) }],
      yTitle: 'Cents per kWh',
      decimals: 2,
      valueSuffix: '¢',
      source: 'EIA',
    });
    expect((await pixelsOf(bars, ORANGE)).count).toBeGreaterThan(3000);
    expect(bars).toContain('>NY<');

    const donut = renderSvgChart({
      title: 'Energy mix',
      description: 'Shares.',
      mark: 'donut',
      xType: 'category',
      series: [
        { name: 'Natural gas', color: BLUE, points: [{ x: 'share', y: 40 }] },
        { name: 'Coal', color: ORANGE, points: [{ x: 'share', y: 20 }] },
      ],
      yTitle: '',
      decimals: 1,
      source: 'EIA',
    });
    const [slice1, slice2] = await Promise.all([pixelsOf(donut, BLUE), pixelsOf(donut, ORANGE)]);
    expect(slice1.count).toBeGreaterThan(slice2.count);
    expect(slice2.count).toBeGreaterThan(1000);
    expect(donut).toContain('Natural gas: 66.7%');
  });

  it('moves the donut’s arcs to its center with a transform on each path, never on an <svg>', () => {
    const donut = renderSvgChart({
      title: 'Mix',
      description: 'Shares.',
      mark: 'donut',
      xType: 'category',
      series: [{ name: 'Coal', color: ORANGE, points: [{ x: 'share', y: 1 }] }],
      yTitle: '',
      decimals: 1,
      source: 'EIA',
    });
    expect(donut).toMatch(/<path d="M[^"]+" transform="translate\([\d.]+ [\d.]+\)" fill="#d97706"/);
    expect(donut.match(/<svg\b[^>]*>/)?.[0]).not.toContain('transform');
  });

  it('thins a long line to at most a few points per pixel column, keeping each column’s lowest and highest and its gaps', async () => {
    // Twelve years of daily figures, with one spike and one gap.
    const xs = days(12 * 365, Date.UTC(2014, 0, 1));
    const points = xs.map((x, i) => ({ x, y: i === 2000 ? null : i === 3000 ? 400 : 50 + Math.sin(i / 3) * 10 }));
    const spec: ChartSpec = { ...lineSpec, series: [{ name: 'WTI', color: BLUE, points }], annotations: [] };
    const svg = renderSvgChart(spec, { width: 720, height: 360 });
    const drawn = (svg.match(/<path d="([^"]+)" fill="none"/)?.[1] ?? '').split(/[ML]/).filter(Boolean).length;
    expect(drawn).toBeLessThan(4 * 640);
    expect(drawn).toBeGreaterThan(640);
    // The spike survives thinning: the line reaches far above the rest (figures of 40 to 60 lie below y 250).
    const blue = await pixelsOf(svg, BLUE, 24, 300);
    expect(blue.minY).toBeLessThan(100);
    // The gap survives too: the path is two pieces.
    expect((svg.match(/<path d="([^"]+)" fill="none"/)?.[1] ?? '').match(/M/g)).toHaveLength(2);
    // Short lines are kept whole.
    expect(thinPoints(points.slice(0, 100), (x) => Date.parse(x) / 86_400_000, 640)).toHaveLength(100);
  });

  it('on a page, names its ink and rules by class for the reader’s theme; series keep their colors', () => {
    const svg = renderSvgChart(lineSpec, { theme: 'inherit' });
    expect(svg).toContain('class="chart-fill-muted"');
    expect(svg).toContain('class="chart-stroke-rule"');
    expect(svg).toContain(`stroke="${BLUE}"`);
    expect(svg).not.toMatch(new RegExp(`stroke="${BLUE}"[^>]*class=`));
  });

  it('shades a range behind the lines and names it in the legend', async () => {
    const weeks = days(60);
    const svg = renderSvgChart({
      ...lineSpec,
      series: [{ name: 'Storage', color: BLUE, points: weeks.map((x, i) => ({ x, y: 2000 + i * 10 })) }],
      ranges: [{ name: 'Five-year range', color: '#9ca3af', points: weeks.map((x, i) => ({ x, low: 1500 + i * 10, high: 2600 + i * 10 })) }],
      annotations: [],
    });
    expect(svg).toContain('Five-year range');
    const grey = await pixelsOf(svg, '#dfe1e5', 8, 300);
    expect(grey.count).toBeGreaterThan(5000);
  });
});
