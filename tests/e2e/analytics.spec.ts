import { expect, test } from '@playwright/test';
import { waitForIslands } from './hydration.ts';

test('analytics has three tabs, Market Overview first, with the tab kept in the URL', async ({ page }) => {
  await page.goto('/analytics');
  await waitForIslands(page);
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Market Overview', 'Analytics', 'Custom Reports']);
  await expect(page.getByRole('tab', { name: 'Market Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('WTI Crude Oil')).toBeVisible();
  await expect(page.getByText('+12.4% vs last quarter')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Analysis and insights' })).toBeVisible();

  await page.getByRole('tab', { name: 'Custom Reports' }).click();
  await expect(page).toHaveURL(/\?tab=reports$/);
  for (const t of ['Price Analysis', 'Market Share', 'Regional Data', 'Create Custom Report'])
    await expect(page.getByRole('heading', { name: t })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Report' })).toHaveCount(3);

  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\?tab=analytics$/);

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
});
