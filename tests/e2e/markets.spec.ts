import { expect, test } from '@playwright/test';
import { drawnChart } from './charts.ts';

test.describe('series pages', () => {
  test('the Markets page leads to a series; its ranges change the figures and the chart draws with a legend and unit', async ({ page }) => {
    await page.goto('/markets');
    await page.getByRole('link', { name: 'Working Gas in Storage (Lower 48)' }).click();
    await expect(page).toHaveURL(/\/markets\/gas-storage$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Working Gas in Storage (Lower 48)' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'History: one year' })).toBeVisible();
    const range = page.getByRole('navigation', { name: 'Chart range' });
    await expect(range.getByRole('link', { name: 'Show one year' })).toHaveAttribute('aria-current', 'page');
    const changeOneYear = await page.locator('dt:has-text("Change over the range") + dd').textContent();

    // The chart loads when in view, with its legend naming the series and the five-year band, and the unit on its axis.
    await page.locator('[data-chart="Working Gas in Storage (Lower 48)"]').scrollIntoViewIfNeeded();
    const chart = drawnChart(page, 'Working Gas in Storage (Lower 48)');
    for (const text of ['Working Gas in Storage (Lower 48) (Bcf)', 'Five-year average', 'Bcf'])
      await expect(chart.getByText(text, { exact: true })).toBeVisible();

    // By keyboard: the 1M range link.
    await range.getByRole('link', { name: 'Show one month' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/range=1m$/);
    await expect(page.getByRole('heading', { name: 'History: one month' })).toBeVisible();
    await expect(page.locator('dt:has-text("Change over the range") + dd')).not.toHaveText(changeOneYear ?? '');
    await expect(page.getByText(/standing in for EIA series NW2_EPG0_SWO_R48_BCF/)).toBeVisible();
  });

  test('the CSV download is the chosen range with a header row', async ({ page }) => {
    await page.goto('/markets/diesel?range=6m');
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('link', { name: /Download CSV/ }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^diesel_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    const lines = readFileSync(path, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('period,value ($/gal)');
    // About 26 weekly observations in six months.
    expect(lines.length - 1).toBeGreaterThan(20);
    expect(lines.length - 1).toBeLessThan(30);
  });

  test('on a phone the page fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 900 });
    await page.goto('/markets/crude-inventories');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
