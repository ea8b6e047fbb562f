import { expect, test } from '@playwright/test';
import { chartText, serverChart } from './charts.ts';

test.describe('series pages', () => {
  test('the Markets page leads to a series; its ranges change the figures and the chart draws with a legend and unit', async ({ page }) => {
    await page.goto('/markets');
    await page.getByRole('link', { name: 'Working Gas in Storage (Lower 48)' }).click();
    await expect(page).toHaveURL(/\/markets\/gas-storage$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Working Gas in Storage (Lower 48)' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'History: one year' })).toBeVisible();
    const range = page.getByRole('navigation', { name: 'Chart range' });
    await expect(range.getByRole('link', { name: '1Y (one year)' })).toHaveAttribute('aria-current', 'page');
    // Each range link's name begins with the text it shows ("1M"), so speech input finds it.
    for (const link of await range.getByRole('link').all()) {
      const shown = (
        await link.evaluate((a) =>
          [...a.childNodes]
            .filter((n) => n.nodeType === Node.TEXT_NODE)
            .map((n) => n.textContent)
            .join(''),
        )
      ).trim();
      expect(shown).toMatch(/^(1M|6M|1Y|5Y|Max)$/);
      expect(await link.evaluate((a) => a.textContent?.trim() ?? '')).toMatch(new RegExp(`^${shown}\\b`));
    }
    const changeOneYear = await page.locator('dt:has-text("Change over the range") + dd').textContent();

    // The chart is drawn in the page, with its legend naming the series and the five-year band, and the unit on its axis.
    await page.locator('[data-chart="Working Gas in Storage (Lower 48)"]').scrollIntoViewIfNeeded();
    const chart = serverChart(page, 'Working Gas in Storage (Lower 48)');
    for (const text of ['Working Gas in Storage (Lower 48)', 'Five-year range', 'Five-year average', 'Bcf'])
      await expect(chartText(chart, text)).toBeVisible();

    // By keyboard: the 1M range link.
    await range.getByRole('link', { name: '1M (one month)' }).focus();
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

  test('the chart is in the page itself: drawn with JavaScript off, and no script is loaded for it', async ({ browser }) => {
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url());
      });
      await page.goto('/markets/wti');
      const chart = serverChart(page, 'WTI Crude Oil');
      await chart.scrollIntoViewIfNeeded();
      // Its lines are plotted paths: history, EIA's forecast (dashed), the futures strip (dotted).
      expect(await chart.locator('path[fill="none"]').count()).toBeGreaterThanOrEqual(3);
      await expect(chart.locator('path[stroke-dasharray="7 4"]')).toHaveCount(1);
      await expect(chartText(chart, 'WTI Crude Oil: EIA forecast (STEO)')).toBeVisible();
      // Only the site's own inline scripts (theme, relative times, the view beacon): no chart code, no island.
      expect(scripts).toEqual([]);
      await expect(page.locator('script[src], astro-island')).toHaveCount(0);
      await context.close();
    }
  });

  test('quantities stored in thousands are said in millions, as on the home page', async ({ page }) => {
    await page.goto('/markets');
    const production = page.locator('[data-figure="crude-production"]');
    await expect(production).toContainText(/\d{2}\.\d{2} million b\/d/);
    await expect(production).not.toContainText('thousand');
    // Each card says its sample note once, and "vs previous …" never breaks.
    for (const card of await page.locator('[data-figure]').all()) {
      expect((await card.innerText()).match(/Illustrative sample/g)?.length ?? 0).toBeLessThanOrEqual(1);
      const period = card.getByText(/^vs previous (day|week|month)$/);
      const lineHeight = await period.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect((await period.boundingBox())?.height ?? 0).toBeLessThan(lineHeight * 1.5);
    }
  });

  test('the footer’s Subscribe button is the site’s primary blue, like every other primary button', async ({ page }) => {
    await page.goto('/news');
    const background = (name: string, scope: string) =>
      page
        .locator(scope)
        .getByRole('button', { name, exact: true })
        .evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(await background('Subscribe', 'footer')).toBe(await background('Search', 'main'));
  });
});
