// What every chart drawn as a file at its own address (/charts/{markets|grid|states|reports}/{key}.svg
// or .png) is, whichever page's view it draws.
import sharp from 'sharp';
import { expect } from 'vitest';
import { pngText } from '@/lib/png-text';

/**
 * Asserts that `res` is a chart's SVG file: a 200 shown inline under `filename`, cacheable by
 * anyone and tagged with `tag` (its figures', which their imports purge), and one flat
 * standalone SVG with nothing librsvg cannot draw. Answers the SVG.
 */
export async function expectSvgFile(res: Response, filename: string, tag: string): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
  expect(res.headers.get('content-disposition')).toBe(`inline; filename="${filename}"`);
  expect(res.headers.get('cache-control')).toMatch(/^public, /);
  expect(res.headers.get('surrogate-key')?.split(' ')).toContain(tag);
  const svg = await res.text();
  expect(svg.match(/<svg\b/g)).toHaveLength(1);
  expect(svg).not.toMatch(/foreignObject|<script|class=/);
  return svg;
}

/** Asserts that `res` is a chart's PNG file: a 200 at twice the SVG's size (1920×1080), with the chart's title, the site and `url` (its page's address) in the file. */
export async function expectPngFile(res: Response, title: string, url: RegExp): Promise<void> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  const png = new Uint8Array(await res.arrayBuffer());
  expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1920, height: 1080 });
  expect(pngText(png)).toMatchObject({ Title: title, Author: 'EnergyPulse' });
  expect(pngText(png)['URL']).toMatch(url);
}
