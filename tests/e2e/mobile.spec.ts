import { expect, test } from '@playwright/test';

test('the mobile menu slides out and navigates', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await menu.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
});

test('the mobile menu closes with Escape and offers search', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#mobile-search').fill('solar');
  await page.locator('#mobile-search').press('Enter');
  await expect(page).toHaveURL(/\/news\?q=solar$/);
});

test('pages fit the phone without sideways scrolling', async ({ page }) => {
  for (const path of ['/', '/news', '/analytics', '/article/permian-output-holds-near-record-as-rig-count-slips', '/about', '/contact']) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('a report fits the phone: its wide table scrolls inside its own region', async ({ page }) => {
  await page.goto('/analytics?report=regional&metric=generation');
  const table = page.getByRole('region', { name: 'Regional Data data table' });
  await expect(table).toBeVisible();
  await expect(page.locator('[data-report="regional"] .apexcharts-canvas')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
});
