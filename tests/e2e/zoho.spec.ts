import { expect, test } from '@playwright/test';
import { zohoConfig } from '@db/schema';
import { bumpContentVersion } from '@/server/queries/site-state';
import { FAKE_ZOHO } from '../fakes/zoho.ts';
import { signIn, toasts } from './admin-session.ts';
import { openE2eDatabase, uniqueClientAddress } from './db.ts';
import { waitForIslands } from './hydration.ts';

const FAKE_ZOHO_URL = `http://127.0.0.1:${Number(process.env['E2E_PORT'] ?? 4399) - 1}`;

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientAddress() });
  const database = await openE2eDatabase();
  await database.db.delete(zohoConfig);
  await bumpContentVersion(database.db);
  database.close();
});

test('the admin connects Zoho Analytics and the dashboard appears on the analytics page', async ({ page }) => {
  await page.goto('/analytics?tab=analytics');
  await waitForIslands(page);
  await expect(page.getByText('No analytics dashboard is connected yet')).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);

  await signIn(page);
  await page.getByRole('tab', { name: 'Zoho Configuration' }).click();
  await expect(page.getByTestId('zoho-status')).toHaveText('Not Configured');
  for (const t of ['Credentials', 'Dashboards', 'Setup Guide']) await expect(page.getByRole('tab', { name: t })).toBeVisible();

  // The spec's validation messages; a bad URL sends the admin to the Dashboards tab.
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(page.getByText('Workspace ID is required')).toBeVisible();
  await expect(page.getByText('Client ID is required')).toBeVisible();
  await expect(page.getByText('Client Secret is required')).toBeVisible();

  await page.getByLabel('Workspace ID').fill(FAKE_ZOHO.workspaceId);
  await page.getByLabel('Client ID').fill(FAKE_ZOHO.clientId);
  await page.getByLabel('Client Secret').fill(FAKE_ZOHO.clientSecret);
  await page.getByLabel(/Refresh token/).fill(FAKE_ZOHO.refreshToken);
  await page.getByRole('tab', { name: 'Dashboards' }).click();
  await page.getByLabel(/Energy dashboard URL/).fill('not a url');
  await page.getByRole('tab', { name: 'Credentials' }).click();
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(page.getByRole('tab', { name: 'Dashboards' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Must be a valid URL')).toBeVisible();
  await page.getByLabel(/Energy dashboard URL/).fill(`${FAKE_ZOHO_URL}/open-view/35130000002000`);
  await page.getByLabel(/Market dashboard URL/).fill('https://analytics.zoho.com/open-view/35130000002001');
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(toasts(page).filter({ hasText: 'Configuration Saved' })).toBeVisible();
  await expect(page.getByTestId('zoho-status')).toHaveText('Connected');
  // The secrets are never shown again.
  await expect(page.getByLabel('Client Secret')).toHaveValue('');
  await expect(page.getByLabel('Client Secret')).toHaveAttribute('placeholder', /Stored/);

  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(toasts(page).filter({ hasText: 'Connection Successful' })).toContainText('Successfully connected to Zoho Analytics workspace');
  await expect(page.getByRole('status').filter({ hasText: 'Energy Markets' })).toContainText('Energy Newsroom');
  await expect(page.getByText(/Last test .*: succeeded/)).toBeVisible();

  await page.goto('/analytics?tab=analytics');
  await waitForIslands(page);
  const frame = page.locator('iframe[title="Energy analytics dashboard"]');
  await expect(frame).toHaveAttribute('src', `${FAKE_ZOHO_URL}/open-view/35130000002000`);
  await expect(page.frameLocator('iframe[title="Energy analytics dashboard"]').getByRole('heading', { name: 'Fake Zoho dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open in New Tab' })).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('navigation', { name: 'More dashboards' }).getByRole('link', { name: /Market dashboard/ })).toHaveAttribute(
    'href',
    'https://analytics.zoho.com/open-view/35130000002001',
  );
});

test('a failing connection test says why', async ({ page }) => {
  await signIn(page);
  await page.getByRole('tab', { name: 'Zoho Configuration' }).click();
  await page.getByLabel('Workspace ID').fill(FAKE_ZOHO.workspaceId);
  await page.getByLabel('Client ID').fill(FAKE_ZOHO.clientId);
  await page.getByLabel('Client Secret').fill(FAKE_ZOHO.clientSecret);
  await page.getByLabel(/Refresh token/).fill('1000.revoked-token');
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(page.getByTestId('zoho-status')).toHaveText('Connected');
  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(toasts(page).filter({ hasText: 'Connection Failed' })).toContainText('refresh token');
});
