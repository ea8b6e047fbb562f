import type { Locator, Page } from '@playwright/test';

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
