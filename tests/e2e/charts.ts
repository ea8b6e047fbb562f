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

/** Chooses a download in a chart's Download menu (the chart toolkit's) and waits for the file. */
export async function chartDownload(page: Page, figure: Locator, item: RegExp): Promise<Download> {
  await figure.getByText('Download', { exact: true }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), figure.getByRole('button', { name: item }).click()]);
  return file;
}

/** Downloads a chart's PNG (named `filename`), checks it is one at twice the 1,200-pixel width, and answers its text chunks (title, source, author, address). */
export async function chartPngText(page: Page, figure: Locator, filename: string): Promise<Record<string, string>> {
  const file = await chartDownload(page, figure, /Image \(PNG\)/);
  expect(file.suggestedFilename()).toBe(filename);
  const png = new Uint8Array(readFileSync(await file.path()));
  const meta = await sharp(png).metadata();
  expect([meta.format, meta.width]).toEqual(['png', 2400]);
  return pngText(png);
}
