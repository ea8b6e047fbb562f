import { expect, test, type Page } from '@playwright/test';
import { signIn, toasts, writeInNewArticle } from './admin-session.ts';
import { uniqueClientAddress } from './db.ts';

// The admin panel on an archive of 3,000 articles and 30,000 comments (a server of its own).

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientAddress() });
});

const rows = (page: Page, list: string) => page.getByRole('list', { name: list }).getByRole('listitem');

test('the articles list pages, searches and filters on the server, and the editor opens one article', async ({ page }) => {
  await signIn(page);
  await expect(page.getByText(/^3,0\d\d articles$/)).toBeVisible();
  await expect(rows(page, 'articles')).toHaveCount(50);
  const firstTitle = await rows(page, 'articles').first().getByRole('link').first().textContent();
  await page.getByRole('navigation', { name: 'articles pages' }).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(rows(page, 'articles').first().getByRole('link').first()).not.toHaveText(firstTitle ?? '');

  // A word only the grown copies carry, in their titles: every row found names it.
  await page.getByRole('searchbox', { name: 'Search articles' }).fill('rockies');
  await expect(page.getByText(/^\d{2,3} articles$/)).toBeVisible();
  await expect(rows(page, 'articles').first()).toContainText(/Rockies/);
  for (const title of await rows(page, 'articles').getByRole('link').allTextContents()) expect(title).toMatch(/Rockies/);
  await page.getByRole('searchbox', { name: 'Search articles' }).fill('');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('draft');
  await expect(rows(page, 'articles').first().getByText('Draft')).toBeVisible();

  await page.getByRole('combobox', { name: 'Status' }).selectOption('all');
  // The whole archive again before a row is opened: a row of the drafts' page would be replaced
  // under the click, and its editor with it.
  await expect(page.getByText(/^3,0\d\d articles$/)).toBeVisible();
  await rows(page, 'articles')
    .first()
    .getByRole('button', { name: /^Edit / })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Article' });
  await expect(dialog.getByLabel('Title', { exact: true })).not.toHaveValue('');
  await expect(dialog.getByRole('textbox', { name: 'Content' })).toContainText(/\w+/);
  await expect(dialog.getByText(/^[1-9][\d,]* words · \d+ min read$/)).toBeVisible();
});

test('the editor adds a link and an image through its own forms, the image only with a description', async ({ page }) => {
  const { dialog, body } = await writeInNewArticle(page, 'Read the report');
  await page.keyboard.press('Shift+Home');
  await dialog.getByRole('button', { name: 'Link' }).click();
  await dialog.getByLabel('Link address').fill('eia.gov/petroleum');
  await dialog.getByLabel('Link address').press('Enter');
  await expect(body.locator('a[href="https://eia.gov/petroleum"]')).toHaveText('Read the report');
  // Typing after the link does not extend it.
  await body.press('End');
  await page.keyboard.type(' today.');
  await expect(body.locator('a')).toHaveText('Read the report');

  // An image hosted elsewhere goes in by its address.
  await dialog.getByRole('button', { name: 'Image by address', exact: true }).click();
  await dialog.getByLabel('Image address').fill('https://example.com/rig.jpg');
  await dialog.getByRole('button', { name: 'Insert image' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Describe the image for readers who cannot see it.');
  await dialog.getByLabel('Description (alt text)').fill('A drilling rig at dusk');
  await dialog.getByRole('button', { name: 'Insert image' }).click();
  await expect(body.locator('img[alt="A drilling rig at dusk"]')).toHaveAttribute('src', 'https://example.com/rig.jpg');
  // The writing surface fills the window.
  const box = await dialog.boundingBox();
  expect(box?.height).toBeGreaterThan(800);
});

test('comments are moderated in bulk, with the waiting count in the tab', async ({ page }) => {
  await signIn(page);
  const tab = page.getByRole('tab', { name: /^Comments/ });
  // The counts arrive after the panel: wait for the waiting count before reading it.
  await expect(tab).toHaveText(/\d,\d{3}/);
  const before = Number((await tab.textContent())?.match(/[\d,]+/)?.[0]?.replace(/,/g, '') ?? '0');
  expect(before).toBeGreaterThan(1000);
  await tab.click();
  await expect(rows(page, 'comments')).toHaveCount(50);
  for (const i of [0, 1, 2]) await rows(page, 'comments').nth(i).getByRole('checkbox').check();
  await expect(page.getByText('3 selected', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  await expect(toasts(page).getByText('3 approved')).toBeVisible();
  await expect(tab).toContainText((before - 3).toLocaleString('en-US'));
});
