import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { uniqueClientAddress } from './db.ts';
import { backgroundLightness } from './theme.ts';

// axe walks every node of a page: on a busy machine a long page (the API document) takes
// longer than the default minute, which is a guard against a hang, not a speed budget.
test.describe.configure({ timeout: 180_000 });

const pages = [
  '/',
  '/news',
  '/news?q=zzyzx',
  '/analytics',
  '/analytics/1',
  '/calendar',
  '/calendar?kind=opec',
  '/markets',
  '/markets/gas-storage',
  '/markets/wti',
  '/newsletter',
  '/api/docs',
  '/article/henry-hub-futures-climb-on-early-winter-demand',
  '/category/oil-gas',
  '/category/utilities',
  '/author/dana-whitfield',
  '/article/gulf-coast-refiners-post-strong-margins-into-q4',
  '/corrections',
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
const darkPages = [
  '/category/oil-gas',
  '/author/dana-whitfield',
  '/article/henry-hub-futures-climb-on-early-winter-demand',
  '/article/gulf-coast-refiners-post-strong-margins-into-q4',
  '/corrections',
  '/news',
  '/',
  '/calendar',
  '/markets',
  '/markets/wti',
  '/analytics',
];

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

test('an article opened through a preview link has no serious or critical accessibility violations', async ({ page }) => {
  // A draft (the public lists other tests page through stay as they are), previewed through its private link.
  const headers = { 'X-Forwarded-For': uniqueClientAddress() };
  expect((await page.request.post('/api/admin/login', { headers, data: { username: 'admin', password: 'e2e-admin-password' } })).status()).toBe(200);
  const stamp = `${Date.now()}-${process.pid}`;
  const created = await page.request.post('/api/articles', {
    headers,
    data: {
      title: `Preview: transmission queue reform ${stamp}`,
      slug: `preview-transmission-queue-reform-${stamp}`,
      excerpt: 'Interconnection queues shrink as the new rules take hold.',
      content: '<h2>What changes</h2><p>Cluster studies replace serial ones.</p><ul><li>Faster studies</li></ul>',
      author: 'Newsroom',
      categoryId: 3,
      status: 'draft',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const link = await page.request.post(`/api/admin/articles/${id}/preview`, { headers });
  expect(link.status()).toBe(201);
  const { url } = (await link.json()) as { url: string };
  await page.goto(new URL(url).pathname + new URL(url).search);
  await expect(page.getByTestId('preview-banner')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
});
