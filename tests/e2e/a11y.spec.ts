import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const pages = [
  '/',
  '/news',
  '/news?q=zzyzx',
  '/analytics',
  '/analytics/1',
  '/markets',
  '/markets/gas-storage',
  '/api/docs',
  '/article/henry-hub-futures-climb-on-early-winter-demand',
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
