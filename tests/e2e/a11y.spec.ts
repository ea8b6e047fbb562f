import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { backgroundLightness } from './theme.ts';

const pages = [
  '/',
  '/news',
  '/news?q=zzyzx',
  '/analytics',
  '/analytics/1',
  '/calendar',
  '/markets',
  '/markets/gas-storage',
  '/api/docs',
  '/article/henry-hub-futures-climb-on-early-winter-demand',
  '/category/oil-gas',
  '/category/utilities',
  '/author/dana-whitfield',
  '/about',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/admin/login',
  '/no-such-page',
];

for (const path of pages) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  });
}

/** The newsroom's pages in the dark theme (the system's setting, and the reader's stored choice). */
const darkPages = ['/category/oil-gas', '/author/dana-whitfield', '/article/henry-hub-futures-climb-on-early-winter-demand', '/news', '/'];

for (const path of darkPages) {
  test(`${path} in the dark theme has no serious or critical accessibility violations`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await backgroundLightness(page)).toBeLessThan(0.3);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  });
}
