// Charts drawn on the server, read as a reader without JavaScript would (a feed reader, a search
// engine, a locked-down browser): the series page and its embed show the chart with its plotted
// lines and, by the keyboard's switch, its table; the keyboard reaches the downloads. On a phone
// and a desktop.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { chartText, serverChart } from './charts.ts';

const SIZES = { phone: { width: 412, height: 915 }, desktop: { width: 1280, height: 900 } } as const;

async function withoutScript(browser: Browser, size: keyof typeof SIZES, use: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: SIZES[size] });
  try {
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Presses Tab until `done` says the focused element is the one wanted (at most `limit` times). */
async function tabTo(page: Page, done: () => Promise<boolean>, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await done()) return;
  }
  throw new Error('Tab never reached it');
}

for (const size of ['phone', 'desktop'] as const) {
  test(`with JavaScript off on a ${size}, the series page draws its chart, and the keyboard switches to its table and reaches its downloads`, async ({
    browser,
  }) => {
    await withoutScript(browser, size, async (page) => {
      await page.goto('/markets/wti?compare=brent');
      const figure = page.locator('[data-chart-figure="WTI Crude Oil"]');
      const chart = serverChart(page, 'WTI Crude Oil');
      // One drawing shows, the one drawn for the screen's size, with its lines plotted.
      await expect(chart).toHaveCount(1);
      expect((await chart.boundingBox())?.width ?? 0).toBeGreaterThan(SIZES[size].width * 0.6);
      expect(await chart.locator('path[fill="none"]').count()).toBeGreaterThanOrEqual(3);
      for (const name of ['WTI Crude Oil', 'Brent Crude Oil', 'WTI Crude Oil: EIA forecast (STEO)'])
        await expect(chartText(chart, name)).toBeVisible();
      // Read by assistive technology as an image with its title.
      await expect(page.getByRole('img', { name: 'WTI Crude Oil compared with Brent Crude Oil' })).toBeVisible();
      // The page fits the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

      // The keyboard reaches the switch and turns it to the table (arrows move between radio buttons).
      const chartRadio = figure.getByRole('radio', { name: 'Chart' });
      await tabTo(page, () => chartRadio.evaluate((r) => r === document.activeElement));
      await expect(chartRadio).toBeChecked();
      await page.keyboard.press('ArrowRight');
      await expect(figure.getByRole('radio', { name: 'Table' })).toBeChecked();
      const table = figure.getByRole('region', { name: /data table$/ });
      await expect(table).toBeVisible();
      await expect(chart).toHaveCount(0);
      await expect(table.getByRole('columnheader', { name: 'Brent Crude Oil ($/bbl)' })).toBeVisible();
      expect(await table.locator('tbody tr').count()).toBeGreaterThan(200);

      // Then on to Download: Enter opens it, Tab reaches each file.
      const download = figure.getByText('Download', { exact: true });
      await tabTo(page, () => download.evaluate((s) => s === document.activeElement));
      await page.keyboard.press('Enter');
      const svg = figure.getByRole('link', { name: 'Vector image (SVG)' });
      await expect(svg).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(svg).toBeFocused();
      await expect(svg).toHaveAttribute('href', '/charts/markets/wti.svg?compare=brent');
    });
  });

  test(`with JavaScript off on a ${size}, the embed draws its chart and table, light by default and dark when asked`, async ({ browser }) => {
    await withoutScript(browser, size, async (page) => {
      for (const query of ['', '?theme=dark']) {
        await page.goto(`/embed/markets/gas-storage${query}`);
        const chart = serverChart(page, 'Working Gas in Storage (Lower 48)');
        await expect(chart).toHaveCount(1);
        expect(await chart.locator('path').count()).toBeGreaterThanOrEqual(3);
        await expect(chartText(chart, 'Five-year range')).toBeVisible();
        expect(await page.locator('html').getAttribute('data-theme')).toBe(query ? 'dark' : 'light');
        await page.locator('label', { hasText: /^Table$/ }).click();
        await expect(page.getByRole('region', { name: /data table$/ })).toBeVisible();
      }
    });
  });
}
