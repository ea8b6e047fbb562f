import type { Download, Locator, Page } from '@playwright/test';

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
