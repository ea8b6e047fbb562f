// A chart's PNG is its SVG drawn by librsvg at twice its size: the same marks in the same places.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderSvgChart } from '@/lib/charts/svg-chart';
import { svgToPng } from '@/server/charts/svg-png';

const days = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
const svg = renderSvgChart(
  {
    title: 'WTI',
    description: 'A line.',
    mark: 'line',
    xType: 'time',
    series: [{ name: 'WTI', color: '#2563eb', points: days.map((x, i) => ({ x, y: 60 + i / 10 })) }],
    yTitle: '$/bbl',
    decimals: 2,
    source: 'Source: U.S. EIA.',
  },
  { width: 600, height: 300, standalone: true },
);

describe('svgToPng', () => {
  it('draws the SVG at twice its size, with its line in its color', async () => {
    const png = await svgToPng(svg);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1200, 600]);
    let blue = 0;
    for (let i = 0; i < data.length; i += info.channels)
      if (Math.abs(data[i]! - 0x25) < 30 && Math.abs(data[i + 1]! - 0x63) < 30 && Math.abs(data[i + 2]! - 0xeb) < 30) blue++;
    expect(blue).toBeGreaterThan(1500);
    expect((await sharp(await svgToPng(svg, { scale: 1 })).metadata()).width).toBe(600);
  });

  it('refuses a scale that would draw an unbounded picture', async () => {
    await expect(svgToPng(svg, { scale: 50 })).rejects.toThrow(RangeError);
  });
});
