import { expect, test } from '@playwright/test';
import { signIn, toasts } from './admin-session.ts';
import { seriousViolations } from './axe.ts';
import { gotoCurrent } from './current-page.ts';
import { uniqueClientAddress } from './db.ts';
import { waitForIslands } from './hydration.ts';
import { chartText, serverChart } from './charts.ts';

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientAddress() });
});

test('an editor annotates a series in the Market Data tab; the series page, its embed and the linked story show it', async ({ page }) => {
  await signIn(page);
  const stamp = `${Date.now()}-${process.pid}`;
  const story = { title: `Hurricane shuts Gulf output ${stamp}`, slug: `hurricane-gulf-output-${stamp}` };
  const created = await page.request.post('/api/articles', {
    data: { ...story, excerpt: 'Platforms were evacuated.', content: '<p>Output fell by a third.</p>', author: 'Newsroom', categoryId: 1 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const label = `Gulf platforms evacuated ${stamp.slice(-6)}`;

  await page.getByRole('tab', { name: 'Market Data' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Market Data' });
  const section = panel.getByRole('region', { name: 'Annotations' });
  await section.getByLabel('Series', { exact: true }).selectOption('cushing-stocks');
  await section.getByRole('button', { name: 'Add Annotation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Annotation' });
  await expect(dialog.getByLabel('Series')).toHaveValue('cushing-stocks');
  await dialog.getByLabel('Day (or first day)').fill('2026-11-02');
  await dialog.getByLabel(/^Last day/).fill('2026-11-06');
  await dialog.getByLabel('Label').fill(label);
  await dialog.getByLabel(/^Linked story/).fill(`/article/${story.slug}`);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Add Annotation' }).click();
  await expect(toasts(page).getByText('Annotation added')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = section.getByRole('listitem').filter({ hasText: label });
  await expect(row).toContainText('Nov 2, 2026 to Nov 6, 2026');
  await expect(row.getByRole('link', { name: story.title })).toBeVisible();
  expect(await seriousViolations(page, '[role="tabpanel"]')).toEqual([]);

  await gotoCurrent(page, '/markets/cushing-stocks');
  const marks = page.getByTestId('series-annotations');
  await expect(marks).toContainText(label);
  await expect(marks).toContainText('Nov 2, 2026 to Nov 6, 2026');
  // The chart marks the span too, with its label.
  await expect(chartText(serverChart(page, 'Cushing, OK Crude Oil Stocks'), label)).toHaveCount(1);
  await marks.getByRole('link', { name: story.title }).click();
  await expect(page).toHaveURL(new RegExp(`/article/${story.slug}$`));
  const annotated = page.getByRole('complementary', { name: 'This story is marked on our charts' });
  await expect(annotated).toContainText(label);
  await expect(annotated.getByRole('link', { name: /Cushing/ })).toHaveAttribute('href', '/markets/cushing-stocks');

  await gotoCurrent(page, '/embed/markets/cushing-stocks');
  await expect(page.getByTestId('series-annotations')).toContainText(label);

  // Deleted from the panel: gone from the series page.
  await page.goto('/admin');
  await waitForIslands(page);
  await page.getByRole('tab', { name: 'Market Data' }).click();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: `Delete annotation ${label}` }).click();
  await expect(toasts(page).getByText('Annotation deleted')).toBeVisible();
  await gotoCurrent(page, '/markets/cushing-stocks');
  await expect(page.getByText(label)).toHaveCount(0);
});
