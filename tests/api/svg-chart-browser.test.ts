// A server-drawn chart looks the same in a browser as in librsvg (sharp, GNOME, many design
// pipelines): each series' marks fall in the same place in both renderings.
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ChartSpec } from '@/lib/charts/chart-spec';
import { renderSvgChart } from '@/lib/charts/svg-chart';

const CHROMIUM = '/usr/bin/chromium';
const WIDTH = 720;
const HEIGHT = 360;

/** Where the pixels of a colour lie in an RGBA picture (above `aboveY`, the plot without its legend). */
function boxOf(data: Buffer, width: number, channels: number, hex: string, aboveY: number) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  const box = { count: 0, minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity };
  for (let i = 0; i < data.length; i += channels) {
    const p = i / channels;
    const y = Math.floor(p / width);
    if (y >= aboveY) break;
    if (Math.abs(data[i]! - r) > 30 || Math.abs(data[i + 1]! - g) > 30 || Math.abs(data[i + 2]! - b) > 30) continue;
    const x = p % width;
    box.count++;
    box.minX = Math.min(box.minX, x);
    box.maxX = Math.max(box.maxX, x);
    box.minY = Math.min(box.minY, y);
    box.maxY = Math.max(box.maxY, y);
  }
  return box;
}

const days = Array.from({ length: 90 }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
const spec: ChartSpec = {
  title: 'Henry Hub and its futures',
  description: 'Spot and a dashed futures curve.',
  mark: 'area',
  xType: 'time',
  series: [
    { name: 'Henry Hub', color: '#1d4ed8', points: days.slice(0, 60).map((x, i) => ({ x, y: 3 + Math.sin(i / 9) })) },
    { name: 'Futures', color: '#be185d', style: 'dotted', points: days.slice(60).map((x, i) => ({ x, y: 3.4 + i * 0.01 })) },
  ],
  yTitle: '$/MMBtu',
  decimals: 3,
  source: 'EIA',
};

describe('a server-drawn chart in librsvg and in a browser', () => {
  it('puts every series in the same place', { timeout: 120_000 }, async () => {
    const svg = renderSvgChart(spec, { width: WIDTH, height: HEIGHT });
    const rsvg = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
      await page.setContent(`<!doctype html><html><body style="margin:0;background:#fff">${svg}</body></html>`);
      const png = await page.screenshot({ clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } });
      const chrome = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(chrome.info.width).toBe(rsvg.info.width);
      for (const color of ['#1d4ed8', '#be185d']) {
        const a = boxOf(rsvg.data, WIDTH, 4, color, 300);
        const b = boxOf(chrome.data, WIDTH, 4, color, 300);
        expect(a.count, `${color} drawn by librsvg`).toBeGreaterThan(100);
        expect(b.count, `${color} drawn by Chromium`).toBeGreaterThan(100);
        for (const edge of ['minX', 'maxX', 'minY', 'maxY'] as const) expect(Math.abs(a[edge] - b[edge]), `${color} ${edge}`).toBeLessThanOrEqual(3);
      }
    } finally {
      await browser.close();
    }
  });
});
