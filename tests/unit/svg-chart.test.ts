// The server's SVG charts drawn by librsvg (through sharp, as a design tool or a PNG download
// would): each kind of chart shows its plotted marks in their colours, and the file is flat.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ChartSpec } from '@/lib/charts/chart-spec';
import { renderSvgChart, translatePath } from '@/lib/charts/svg-chart';

const days = (n: number, from = Date.UTC(2026, 0, 1)) =>
  Array.from({ length: n }, (_, i) => new Date(from + i * 86_400_000).toISOString().slice(0, 10));

/** How many pixels of the picture (above `aboveY`) are within `tolerance` of `hex` in every channel, and where. */
async function pixelsOf(
  svg: string,
  hex: string,
  tolerance = 24,
  aboveY = Infinity,
): Promise<{ count: number; minX: number; maxX: number; minY: number; maxY: number }> {
  const { data, info } = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  let count = 0;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.floor(i / info.channels / info.width) >= aboveY) break;
    if (Math.abs(data[i]! - r) <= tolerance && Math.abs(data[i + 1]! - g) <= tolerance && Math.abs(data[i + 2]! - b) <= tolerance) {
      count++;
      const p = i / info.channels;
      const x = p % info.width;
      const y = Math.floor(p / info.width);
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  return { count, minX, maxX, minY, maxY };
}

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

  it('moves an arc path by its coordinates', () => {
    expect(translatePath('M0,-10A10,10,0,1,1,0,10L0,5Z', 100, 50)).toBe('M100,40A10,10,0,1,1,100,60L100,55Z');
  });
});
