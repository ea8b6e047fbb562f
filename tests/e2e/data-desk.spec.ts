import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { drawnChart } from './charts.ts';

test.describe('the states map and table', () => {
  test('the map is walked by keyboard in the order of the states’ names, says each figure the table shows, and opens a state', async ({ page }) => {
    await page.goto('/states');
    const sectors = page.getByRole('navigation', { name: 'Sector' });
    await expect(sectors.getByRole('link', { name: 'Residential' })).toHaveAttribute('aria-current', 'page');
    // From the last sector link, the next stop is the map's first state, then the next by name.
    await sectors.getByRole('link', { name: 'All sectors' }).focus();
    await page.keyboard.press('Tab');
    const map = page.getByTestId('states-map');
    const focused = map.locator('a:focus');
    await expect(focused).toHaveAttribute('data-state', 'AL');
    await page.keyboard.press('Tab');
    await expect(focused).toHaveAttribute('data-state', 'AK');
    // Focus is visible on the state's outline.
    await expect(focused.locator('path')).toHaveCSS('stroke-width', '3px');

    // The name a screen reader says is the table's figure for the state.
    const label = (await focused.getAttribute('aria-label')) ?? '';
    const price = (await page.locator('[data-testid="states-table"] tr[data-state="AK"] td').first().textContent())?.trim() ?? '';
    expect(label).toMatch(new RegExp(`^Alaska: ${price.replace('.', '\\.')}¢/kWh, \\d+(st|nd|rd|th) most expensive of 51$`));

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/states\/AK$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Alaska: electricity prices and generation' })).toBeVisible();
    // The price history charts the state against the US average.
    await page.getByTestId('state-ak-price-residential-table').locator('xpath=ancestor::figure').scrollIntoViewIfNeeded();
    const chart = drawnChart(page, 'state-ak-price-residential');
    await expect(chart.getByText('US average', { exact: true })).toBeVisible();
  });

  test('the table sorts by a column header by keyboard, and the sector chooser recolors the map', async ({ page }) => {
    await page.goto('/states');
    const table = page.getByTestId('states-table');
    await table.getByRole('link', { name: /^Price \(¢\/kWh\)/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort=price&dir=desc/);
    await expect(table.locator('th[aria-sort="descending"]')).toContainText('Price');
    const prices = await table.locator('tbody tr td:first-of-type').allTextContents();
    const values = prices.map(Number).filter((v) => !Number.isNaN(v));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const residentialFill = await page.locator('[data-testid="states-map"] a[data-state="TX"] path').getAttribute('fill');

    await page.getByRole('navigation', { name: 'Sector' }).getByRole('link', { name: 'Industrial' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Industrial electricity prices by state' })).toBeVisible();
    await expect(page).toHaveURL(/sector=industrial/);
    // The same order is kept; the map speaks of the new sector's figures.
    await expect(page).toHaveURL(/sort=price/);
    const industrialLabel = await page.locator('[data-testid="states-map"] a[data-state="TX"]').getAttribute('aria-label');
    const industrialPrice = (await table.locator('tr[data-state="TX"] td').first().textContent())?.trim();
    expect(industrialLabel).toContain(`${industrialPrice}¢/kWh`);
    expect(await page.locator('[data-testid="states-map"] a[data-state="TX"] path').getAttribute('fill')).not.toBe(residentialFill);
  });
});

test.describe('the live grid', () => {
  test('shows the Lower 48 now, its week as charts with their tables, and every region', async ({ page }) => {
    await page.goto('/grid');
    await expect(page.getByRole('heading', { level: 1, name: 'The live US grid' })).toBeVisible();
    await expect(page.getByText('Illustrative sample').first()).toBeVisible();
    await page.locator('[data-chart="grid-us48-demand"]').scrollIntoViewIfNeeded();
    await expect(drawnChart(page, 'grid-us48-demand').getByText('Day-ahead forecast', { exact: true })).toBeVisible();
    // The chart's table: opened by keyboard, one row per hour, its hours labeled with their zone.
    const summary = page.locator('figure[data-figure="grid-us48-demand"] summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    const table = page.getByTestId('grid-us48-demand-table');
    await expect(table).toBeVisible();
    await expect(table.locator('thead th').first()).toHaveText('Hour ending (ET)');
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(160);
    await page.getByTestId('grid-regions').getByRole('link', { name: 'Texas' }).click();
    await expect(page).toHaveURL(/\/grid\/TEX$/);
    await expect(page.getByRole('heading', { level: 2, name: /^Now: hour ending .+ CT \(.+ ET\)$/ })).toBeVisible();
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds nothing serious on the data desk’s pages (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of ['/grid', '/grid/tex', '/states', '/states/tx']) {
      await page.goto(path);
      // The tables inside <details> are checked open, as a reader opening them sees them.
      for (const details of await page.locator('details').all()) await details.evaluate((d) => d.setAttribute('open', ''));
      expect(await seriousViolations(page, 'main'), `${path} ${scheme}`).toEqual([]);
    }
  });
}
