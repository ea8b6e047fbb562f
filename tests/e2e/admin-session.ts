import { expect, type Locator, type Page } from '@playwright/test';
import { waitForIslands } from './hydration.ts';

/** Fills the login form with the e2e administrator's credentials and sends it. */
export async function submitSignIn(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await waitForIslands(page);
  await page.getByLabel('Username', { exact: true }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in as the e2e administrator and waits for the panel. */
export async function signIn(page: Page): Promise<void> {
  await submitSignIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  // The sign-in notice comes with the panel. Once its region is there, the notice cannot mount
  // later on top of a dialog or menu the test opens (and take that layer's Escape).
  await expect(page.getByRole('region', { name: /Notifications/ })).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await waitForIslands(page);
}

/** Opens the editor of a new article from the Articles tab; answers its dialog. */
export async function openNewArticle(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Article' }).click();
  return page.getByRole('dialog', { name: 'Add Article' });
}

/**
 * Signs in, opens the editor of a new article and types `text` into its content: answers the
 * dialog and the content box, the caret at the end of the text.
 */
export async function writeInNewArticle(page: Page, text: string): Promise<{ dialog: Locator; body: Locator }> {
  await signIn(page);
  const dialog = await openNewArticle(page);
  const body = dialog.getByRole('textbox', { name: 'Content' });
  await body.click();
  await page.keyboard.type(text);
  return { dialog, body };
}

/** The toasts on screen. */
export const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
