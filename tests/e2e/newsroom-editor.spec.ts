import { expect, test, type Page } from '@playwright/test';
import { signIn, toasts, openNewArticle } from './admin-session.ts';
import { eq } from 'drizzle-orm';
import { articles } from '@db/schema';
import { openE2eDatabase, uniqueClientAddress } from './db.ts';

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientAddress() });
});

/** Creates a draft article through the editor. */
async function createArticle(page: Page, title: string, text: string): Promise<void> {
  const dialog = await openNewArticle(page);
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Excerpt', { exact: true }).fill('Operators weigh reserve margins.');
  await dialog.getByRole('textbox', { name: 'Content' }).fill(text);
  await dialog.getByLabel('Author', { exact: true }).fill('Newsroom');
  // A draft: the browser tests beside this one page through the public lists.
  await dialog.getByLabel('Status', { exact: true }).selectOption('draft');
  await dialog.getByRole('button', { name: 'Create Article' }).click();
  await expect(toasts(page).getByText('Article created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('writing is autosaved, and recovered after the tab was closed', async ({ page, context }) => {
  await signIn(page);
  const title = `Autosaved outlook ${Date.now()}`;
  await createArticle(page, title, 'The saved first paragraph.');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Article' });
  const content = edit.getByRole('textbox', { name: 'Content' });
  await content.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Words typed but never saved.');
  await expect(edit.getByTestId('autosave-status')).toHaveText(/Draft autosaved at/);
  // The tab goes away without saving.
  await page.close();

  const again = await context.newPage();
  await again.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientAddress() });
  await signIn(again);
  await again.getByRole('button', { name: `Edit ${title}` }).click();
  const reopened = again.getByRole('dialog', { name: 'Edit Article' });
  await expect(reopened.getByRole('textbox', { name: 'Content' })).not.toContainText('Words typed but never saved.');
  await expect(reopened.getByTestId('recovery-notice')).toContainText('Unsaved changes from');
  await reopened.getByRole('button', { name: 'Recover changes' }).click();
  await expect(reopened.getByRole('textbox', { name: 'Content' })).toContainText('Words typed but never saved.');
  await reopened.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(again).getByText('Article updated successfully')).toBeVisible();

  // Once saved, nothing is left to recover.
  await again.getByRole('button', { name: `Edit ${title}` }).click();
  const last = again.getByRole('dialog', { name: 'Edit Article' });
  await expect(last.getByRole('textbox', { name: 'Content' })).toContainText('Words typed but never saved.');
  await expect(last.getByTestId('recovery-notice')).toHaveCount(0);
});

test('an earlier revision is compared with the current text and restored', async ({ page }) => {
  await signIn(page);
  const title = `Revised outlook ${Date.now()}`;
  await createArticle(page, title, 'Storage is ample this winter.');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  let edit = page.getByRole('dialog', { name: 'Edit Article' });
  await edit.getByRole('textbox', { name: 'Content' }).fill('Storage is tight this winter.');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Article updated successfully')).toBeVisible();

  await page.getByRole('button', { name: `Edit ${title}` }).click();
  edit = page.getByRole('dialog', { name: 'Edit Article' });
  await expect(edit.getByRole('textbox', { name: 'Content' })).toContainText('Storage is tight');
  await edit.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: `History of “${title}”` });
  const revisions = history.getByRole('list', { name: 'Revisions' }).getByRole('button');
  await expect(revisions).toHaveCount(2);
  await expect(revisions.first()).toContainText('Saved');
  await expect(revisions.first()).toContainText('by admin · Content');
  await revisions.filter({ hasText: 'Created' }).click();
  const diff = history.getByTestId('revision-diff');
  await expect(diff.getByRole('listitem').filter({ hasText: 'Revision only: Storage is ample this winter.' })).toBeVisible();
  await expect(diff.getByRole('listitem').filter({ hasText: 'Now only: Storage is tight this winter.' })).toBeVisible();
  await history.getByRole('button', { name: 'Restore this revision' }).click();
  await expect(history).toBeHidden();
  await expect(edit.getByRole('textbox', { name: 'Content' })).toContainText('Storage is ample this winter.');

  // What is stored now (a draft, so not on the public page).
  const found = await page.request.get(`/api/admin/articles?q=${encodeURIComponent(title)}`);
  const id = ((await found.json()) as { items: { id: number }[] }).items[0]?.id;
  const stored = (await (await page.request.get(`/api/admin/articles/${id}`)).json()) as { content: string };
  expect(stored.content).toContain('Storage is ample this winter.');

  // The restore is itself a revision, so the replaced text can come back too.
  await edit.getByRole('button', { name: 'History' }).click();
  await expect(
    page
      .getByRole('dialog', { name: `History of “${title}”` })
      .getByRole('list', { name: 'Revisions' })
      .getByRole('button'),
  ).toHaveCount(3);
});

test('a save over a save made in another tab is refused, then overwrites when asked', async ({ page, context }) => {
  await signIn(page);
  const title = `Two tabs ${Date.now()}`;
  await createArticle(page, title, 'First text.');
  const other = await context.newPage();
  await other.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientAddress() });
  await other.goto('/admin');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await other.getByRole('button', { name: `Edit ${title}` }).click();
  const mine = page.getByRole('dialog', { name: 'Edit Article' });
  const theirs = other.getByRole('dialog', { name: 'Edit Article' });
  await expect(mine.getByTestId('other-tab-notice')).toBeVisible();
  await theirs.getByLabel('Title', { exact: true }).fill(`${title} (theirs)`);
  await theirs.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(other).getByText('Article updated successfully')).toBeVisible();

  await mine.getByLabel('Title', { exact: true }).fill(`${title} (mine)`);
  await mine.getByRole('button', { name: 'Save Changes' }).click();
  await expect(mine.getByTestId('conflict-notice')).toContainText('saved by someone else');
  await mine.getByRole('button', { name: 'Overwrite with mine' }).click();
  await expect(toasts(page).getByText('Article updated successfully')).toBeVisible();
  await expect(page.getByText(`${title} (mine)`)).toBeVisible();
  await other.close();
});

test('a save keeps the publish time to the second unless the editor changes it', async ({ page }) => {
  await signIn(page);
  const title = `Timed outlook ${Date.now()}`;
  await createArticle(page, title, 'Timed text.');
  const database = await openE2eDatabase();
  try {
    const publishedAt = new Date(Date.UTC(2026, 0, 15, 14, 30, 45, 123));
    await database.db.update(articles).set({ publishedAt }).where(eq(articles.title, title));
    await page.reload();
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Article' });
    // The field shows the minute; the save sends the time as stored.
    await expect(edit.getByLabel('Publish time')).not.toHaveValue('');
    await edit.getByLabel('Title', { exact: true }).fill(`${title} (edited)`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Article updated successfully')).toBeVisible();
    const [row] = await database.db
      .select({ publishedAt: articles.publishedAt })
      .from(articles)
      .where(eq(articles.title, `${title} (edited)`));
    expect(row?.publishedAt.toISOString()).toBe(publishedAt.toISOString());
  } finally {
    database.close();
  }
});
