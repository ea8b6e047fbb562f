// Chart images from a ChartSpec: a data page's link-preview card and a mail's chart, drawn by
// sharp (librsvg) with the chart's line in its color where the chart is, and the text around it.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ChartSpec } from '@/lib/charts/chart-spec';
import { MAIL_CHART, chartCardAlt, chartCardVersion, renderChartCard, renderMailChart } from '@/server/charts/chart-card';
import { pixelsOf } from '../helpers/svg-pixels.ts';

const days = (n: number) => Array.from({ length: n }, (_, i) => new Date(Date.UTC(2026, 8, 1) + i * 86_400_000).toISOString().slice(0, 10));
const RED = '#dc2626';
const spec: ChartSpec = {
  title: 'WTI crude oil spot price, last 3 months',
  description: 'Daily figures.',
  mark: 'line',
  xType: 'time',
  series: [{ name: 'WTI', color: RED, points: days(90).map((x, i) => ({ x, y: 60 + (i % 20) })) }],
  yTitle: 'Dollars per barrel',
  decimals: 2,
  source: 'Source: U.S. Energy Information Administration.',
};
const card = { spec, figure: { value: '$71.23/bbl', label: 'as of Nov 28, 2026' } };

/** The bounding box of the pixels near a color, and how many there are. */
const colored = (png: Buffer, hex: string) => pixelsOf(png, hex, 30);

describe('a data page’s preview card', () => {
  it('is a 1200×630 PNG with the chart’s line across its middle and a bar of the series’ color at its foot', async () => {
    const png = await renderChartCard(card);
    const info = await sharp(png).metadata();
    expect([info.format, info.width, info.height]).toEqual(['png', 1200, 630]);
    const line = await colored(png, RED);
    // The line spans most of the width, below the title and figure, above the source line.
    expect(line.maxX - line.minX).toBeGreaterThan(900);
    expect(line.minY).toBeGreaterThan(200);
    // The accent bar: the bottom rows, full width.
    expect(line.maxY).toBe(629);
    // The title and figure: dark ink in the top part.
    const ink = await colored(png, '#111827');
    expect(ink.minY).toBeLessThan(120);
    expect(ink.count).toBeGreaterThan(2000);
  });

  it('changes its version with what it shows, and says in words what it shows', () => {
    const v = chartCardVersion(card);
    expect(v).toMatch(/^[a-z0-9]{16}$/);
    expect(chartCardVersion({ ...card })).toBe(v);
    expect(chartCardVersion({ ...card, figure: { ...card.figure, value: '$71.24/bbl' } })).not.toBe(v);
    const moved = { ...spec, series: [{ ...spec.series[0]!, points: [...spec.series[0]!.points.slice(0, -1), { x: '2026-11-29', y: 1 }] }] };
    expect(chartCardVersion({ ...card, spec: moved })).not.toBe(v);
    expect(chartCardAlt(card)).toBe(
      'Chart: WTI crude oil spot price, last 3 months. Latest: $71.23/bbl, as of Nov 28, 2026. Source: U.S. Energy Information Administration.',
    );
  });
});

describe('a mail’s chart', () => {
  it('is a PNG at twice its size in the message, with its line drawn', async () => {
    const png = await renderMailChart(spec);
    const info = await sharp(png).metadata();
    expect([info.format, info.width, info.height]).toEqual(['png', MAIL_CHART.width * 2, MAIL_CHART.height * 2]);
    const line = await colored(png, RED);
    expect(line.maxX - line.minX).toBeGreaterThan(MAIL_CHART.width);
  });
});
