import { expect, test, type Page } from '@playwright/test';
import { signIn, toasts } from './admin-session.ts';
import { seriousViolations } from './axe.ts';
import { gotoCurrent } from './current-page.ts';
import { uniqueClientAddress } from './db.ts';

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientAddress() });
});

/** A published story, made through the API with the browser's session; answers its title and slug. */
async function publishStory(page: Page): Promise<{ title: string; slug: string }> {
  const stamp = `${Date.now()}-${process.pid}`;
  const story = { title: `Capacity prices reset in PJM ${stamp}`, slug: `capacity-prices-reset-${stamp}` };
  const created = await page.request.post('/api/articles', {
    data: {
      ...story,
      excerpt: 'The auction cleared at a record price.',
      content: '<p>The auction cleared at $270 per megawatt-day.</p>',
      author: 'Newsroom',
      categoryId: 3,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return story;
}

test('an editor corrects a published article in the editor, and readers see it under the text', async ({ page }) => {
  await signIn(page);
  const story = await publishStory(page);
  await page.reload();
  await page.getByRole('button', { name: `Edit ${story.title}` }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Article' });
  const section = editor.getByRole('region', { name: /^Corrections/ });
  await expect(section.getByText('No corrections.')).toBeVisible();

  await section.getByRole('button', { name: 'Add Correction' }).click();
  const add = page.getByRole('dialog', { name: 'Add Correction' });
  await add.getByLabel('Correction', { exact: true }).fill('The auction cleared at $270, not $207, per megawatt-day.');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await add.getByRole('button', { name: 'Add Correction' }).click();
  await expect(toasts(page).getByText('Correction published')).toBeVisible();
  await expect(add).toBeHidden();
  // The correction is saved on its own: the article editor stays open, its form unsent.
  await expect(editor).toBeVisible();
  await expect(toasts(page).getByText('Article updated successfully')).toHaveCount(0);
  const listed = section.getByTestId('editor-correction');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('The auction cleared at $270, not $207, per megawatt-day.');
  await expect(listed).toContainText('by admin');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

  // Edited: the wording changes, the date stays.
  const day = (await listed.locator('time').textContent()) ?? '';
  await listed.getByRole('button', { name: `Edit the correction of ${day}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Correction' });
  await edit.getByLabel('Correction', { exact: true }).fill('The auction cleared at $270.35, not $207, per megawatt-day.');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Correction updated')).toBeVisible();
  await expect(listed).toContainText('$270.35');

  const reader = await page.context().newPage();
  await reader.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientAddress() });
  await gotoCurrent(reader, `/article/${story.slug}`);
  const shown = reader.getByRole('complementary', { name: 'Correction' });
  await expect(shown).toContainText(`Correction, ${day}: The auction cleared at $270.35, not $207, per megawatt-day.`);
  await expect(reader.getByTestId('article-meta')).not.toContainText('Updated'); // corrected minutes after publishing
  await expect(shown.getByRole('link', { name: 'How we correct our reporting' })).toHaveAttribute('href', '/corrections');
  // Another test may have had the corrections page cached: its first answer may be the page as it was.
  await gotoCurrent(reader, '/corrections');
  await expect(reader.getByRole('link', { name: story.title })).toHaveAttribute('href', `/article/${story.slug}`);

  // Deleted: gone from the editor and from the article page.
  page.once('dialog', (dialog) => void dialog.accept());
  await listed.getByRole('button', { name: `Delete the correction of ${day}` }).click();
  await expect(toasts(page).getByText('Correction deleted')).toBeVisible();
  await expect(section.getByText('No corrections.')).toBeVisible();
  await gotoCurrent(reader, `/article/${story.slug}`);
  await expect(reader.getByTestId('article-corrections')).toHaveCount(0);
});

test('a draft has no corrections section: it is edited, not corrected', async ({ page }) => {
  await signIn(page);
  const stamp = `${Date.now()}-${process.pid}`;
  const title = `Draft: storage outlook ${stamp}`;
  const created = await page.request.post('/api/articles', {
    data: { title, slug: `draft-storage-outlook-${stamp}`, excerpt: 'x', content: '<p>x</p>', author: 'Newsroom', categoryId: 3, status: 'draft' },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Article' });
  await expect(editor.getByRole('button', { name: 'History' })).toBeVisible();
  await expect(editor.getByRole('region', { name: /^Corrections/ })).toHaveCount(0);
});
