import { readFileSync } from 'node:fs';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { pngText } from '@/lib/png-text';

/**
 * The chart drawn in `scope`, once its picture is there. Charts are hidden from assistive
 * technology (a table or a text beside each says the same), so they are found by the box every
 * chart of the site stands in (`data-chart`, named by `label` when given), not by a role; what a
 * test reads in them is their visible text (legend, axis titles), never the library's classes.
 */
export function drawnChart(scope: Locator | Page, label?: string): Locator {
  const page = 'page' in scope ? scope.page() : scope;
  return scope.locator(label === undefined ? '[data-chart]' : `[data-chart="${label}"]`).filter({ has: page.locator('svg') });
}

/** A chart's figure on the page at `path` (`data-chart-figure`, named by `label`), scrolled to and drawn. */
export async function openChartFigure(page: Page, path: string, label: string): Promise<Locator> {
  await page.goto(path);
  const figure = page.locator(`[data-chart-figure="${label}"]`);
  await figure.scrollIntoViewIfNeeded();
  await expect(drawnChart(figure)).toBeVisible();
  return figure;
}

/**
 * The drawing of a chart drawn on the server (`ServerChart.astro`), as the reader sees it: the
 * figure holds one SVG for phones and one for wider screens, and shows one of them.
 */
export function serverChart(scope: Locator | Page, label: string): Locator {
  return scope.locator(`[data-chart="${label}"] svg`).filter({ visible: true });
}

/** A text drawn in a server-drawn chart (a legend entry, an axis title), not its <title> or <desc>. */
export function chartText(chart: Locator, text: string | RegExp): Locator {
  const escaped = typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : text;
  return chart.locator('text').filter({ hasText: escaped });
}

/** Chooses a download in a chart's Download menu (a button of the chart toolkit's, or a link to the chart's file) and waits for the file. */
export async function chartDownload(page: Page, figure: Locator, item: RegExp): Promise<Download> {
  // The menu is a <details>: opened when closed (it stays open after a link is followed).
  const menu = figure.locator('details', { has: page.getByText('Download', { exact: true }) });
  if (!(await menu.evaluate((d) => (d as HTMLDetailsElement).open))) await figure.getByText('Download', { exact: true }).click();
  const choice = figure.getByRole('button', { name: item }).or(figure.getByRole('link', { name: item }));
  const [file] = await Promise.all([page.waitForEvent('download'), choice.click()]);
  return file;
}

/** Downloads a chart's PNG (named `filename`), checks it is one `width` pixels wide (twice the picture's), and answers its text chunks (title, source, author, address). */
export async function chartPngText(page: Page, figure: Locator, filename: string, width = 2400): Promise<Record<string, string>> {
  const file = await chartDownload(page, figure, /Image \(PNG\)/);
  expect(file.suggestedFilename()).toBe(filename);
  const png = new Uint8Array(readFileSync(await file.path()));
  const meta = await sharp(png).metadata();
  expect([meta.format, meta.width]).toEqual(['png', width]);
  return pngText(png);
}
