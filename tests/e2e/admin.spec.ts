import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import { eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { articles, comments, contactMessages, users } from '@db/schema';
import { signIn, submitSignIn, toasts, openNewArticle, writeInNewArticle } from './admin-session.ts';
import { seriousViolations } from './axe.ts';
import { openE2eDatabase, uniqueClientAddress } from './db.ts';
import { waitForIslands } from './hydration.ts';
import { gotoCurrent } from './current-page.ts';

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientAddress() });
});

test('the admin panel is not reachable without signing in', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page.getByText(/password:/i)).toHaveCount(0);
});

test('the signed-in panel has no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page);
  expect(await seriousViolations(page, 'body')).toEqual([]);
});

for (const tab of [
  'Articles',
  'Authors',
  'Topics',
  'Comments',
  'Messages',
  'Subscribers',
  'Zoho Configuration',
  'Market Data',
  'Staff',
  'Audit Log',
  'Security',
]) {
  test(`the ${tab} tab has no serious or critical accessibility violations`, async ({ page }) => {
    await signIn(page);
    await page.getByRole('tab', { name: tab }).click();
    const panel = page.getByRole('tabpanel', { name: tab });
    await expect(panel).toBeVisible();
    // Loaded: no skeleton left in the panel.
    await expect(panel.locator('[data-slot="skeleton"], .animate-pulse')).toHaveCount(0);
    expect(await seriousViolations(page, '[role="tabpanel"]:not([hidden])')).toEqual([]);
  });
}

test('the article dialog has no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page);
  await page.getByRole('tab', { name: 'Articles' }).click();
  await page.getByRole('button', { name: 'Add Article' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
});

test('the login form asks for both fields and reports wrong credentials', async ({ page }) => {
  await page.goto('/admin/login');
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toasts(page).getByText('Validation Error')).toBeVisible();
  await expect(toasts(page).getByText('Please enter both username and password')).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toasts(page).getByText('Login Failed')).toBeVisible();
  await expect(toasts(page).getByText('Invalid credentials')).toBeVisible();
});

test('signing in says "Login Successful" on the panel, once', async ({ page }) => {
  await submitSignIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  // The login page is gone by now: the notice is the panel's.
  await expect(toasts(page).getByText('Login Successful')).toBeVisible();
  await expect(toasts(page).getByText('Welcome to the admin panel')).toBeVisible();
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('region', { name: /Notifications/ })).toHaveCount(0);
});

test('the editor creates, edits and deletes an article, which readers see once its page has rendered again', async ({ page, browser }) => {
  await signIn(page);
  const title = `Utilities race to connect data centers ${Date.now()}`;
  const dialog = await openNewArticle(page);
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await expect(dialog.getByLabel('Slug', { exact: true })).toHaveValue(/^utilities-race-to-connect-data-centers-\d+$/);
  const slug = await dialog.getByLabel('Slug', { exact: true }).inputValue();
  await dialog.getByLabel('Excerpt', { exact: true }).fill('Interconnection queues fill with gigawatt-scale requests.');
  await dialog.getByRole('textbox', { name: 'Content' }).fill('Requests keep arriving <script>window.__owned = 1</script>');
  await dialog.getByRole('button', { name: 'Heading', exact: true }).click();
  await dialog.getByLabel('Author', { exact: true }).fill('Newsroom');
  await dialog.getByLabel('Category', { exact: true }).selectOption({ label: 'Utilities' });
  await dialog.getByRole('button', { name: 'Create Article' }).click();
  await expect(toasts(page).getByText('Article created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(title)).toBeVisible();

  const reader = await browser.newPage();
  await gotoCurrent(reader, '/news');
  await expect(reader.getByRole('link', { name: title, exact: true })).toBeVisible();
  await gotoCurrent(reader, `/article/${slug}`);
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(reader.locator('.article-body h2')).toContainText('Requests keep arriving <script>');
  expect(await reader.evaluate(() => (window as unknown as { __owned?: number }).__owned)).toBeUndefined();

  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Article' });
  await edit.getByLabel('Title', { exact: true }).fill(`${title} (updated)`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Article updated successfully')).toBeVisible();
  await gotoCurrent(reader, `/article/${slug}`);
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(`${title} (updated)`);

  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: `Delete ${title} (updated)` }).click();
  await expect(toasts(page).getByText('Article deleted successfully')).toBeVisible();
  const gone = await gotoCurrent(reader, `/article/${slug}`);
  expect(gone?.status()).toBe(404);
  await reader.close();
});

test('the moderator approves a pending comment and readers see it; logout lands on the login page', async ({ page }) => {
  const database = await openE2eDatabase();
  const [article] = await database.db
    .select({ id: articles.id, title: articles.title })
    .from(articles)
    .where(eq(articles.slug, 'wildfire-mitigation-costs-reshape-western-rate-cases'));
  const text = `Undergrounding costs deserve scrutiny ${Date.now()}`;
  await database.db
    .insert(comments)
    .values({ articleId: article!.id, authorName: 'Pat Reader', authorEmail: 'pat@example.com', content: text, approved: false });
  database.close();

  await signIn(page);
  await page.getByRole('tab', { name: 'Comments' }).click();
  const item = page.getByRole('listitem').filter({ hasText: text });
  await expect(item.getByText('Pending')).toBeVisible();
  await expect(item.getByText('pat@example.com')).toBeVisible();
  // The comment names its article by title, linking to it.
  await expect(item.getByRole('link', { name: article!.title, exact: true })).toHaveAttribute(
    'href',
    '/article/wildfire-mitigation-costs-reshape-western-rate-cases',
  );
  await item.getByRole('button', { name: 'Approve' }).click();
  await expect(toasts(page).getByText('Comment approved successfully')).toBeVisible();
  // The list shows every comment: it stays, now approved; it leaves the pending ones; the approved ones have it.
  await expect(page.getByRole('listitem').filter({ hasText: text }).getByText('Approved')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('pending');
  await expect(page.getByRole('listitem').filter({ hasText: text })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('approved');
  await expect(page.getByRole('listitem').filter({ hasText: text }).getByText('Approved')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.goto('/article/wildfire-mitigation-costs-reshape-western-rate-cases');
  await page.getByRole('heading', { name: 'Comments', exact: true }).scrollIntoViewIfNeeded();
  await expect(page.getByText(text)).toBeVisible();
});

test('the administrator enrolls an authenticator app and signs in with a code', async ({ page }) => {
  await signIn(page);
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  // The session alone changes nothing: the password first.
  await expect(page.getByLabel('Your password', { exact: true })).toBeFocused();
  await page.getByLabel('Your password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter your password to change two-factor sign-in.', { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel('Your password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page, '[role="tabpanel"]:not([hidden])')).toEqual([]);
  await page.getByLabel('Your password', { exact: true }).fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = decodeBase32IgnorePadding(await page.getByTestId('totp-secret').innerText());
  await page.getByLabel('Code from the app', { exact: true }).fill(generateTOTP(key, 30, 6));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await waitForIslands(page);
  await page.getByLabel('Username', { exact: true }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toasts(page).getByText('Two-factor code required')).toBeVisible();
  const codeField = page.getByLabel('Authentication code', { exact: true });
  await expect(codeField).toBeFocused();
  // The enrollment code's time step was just used; the server accepts each step once.
  const database = await openE2eDatabase();
  await database.db.update(users).set({ totpLastStep: null });
  await codeField.fill(generateTOTP(key, 30, 6));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  try {
    // Turning it off asks for proof too; the password is one.
    await waitForIslands(page);
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await page.getByLabel('Current code, recovery code or password', { exact: true }).fill('e2e-admin-password');
    await page.getByRole('button', { name: 'Turn off', exact: true }).click();
    await expect(toasts(page).getByText('Two-factor sign-in disabled')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Two-factor sign-in/ }).getByText('Off')).toBeVisible();
  } finally {
    // Leave two-factor off for the other tests.
    await database.db.update(users).set({ totpKey: null, totpPendingKey: null, totpLastStep: null });
    database.close();
  }
});

/** Every address the page asked for, to show no credential ever went into one. */
function addressesAskedFor(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

test('without JavaScript, the login form posts: the password never goes into an address', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'X-Forwarded-For': uniqueClientAddress() } });
  const page = await context.newPage();
  const urls = addressesAskedFor(page);
  await page.goto('/admin/login');
  await page.getByLabel('Username', { exact: true }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('a-wrong-password-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // The answer is the form again, saying what went wrong, with the user name kept and the password not.
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue('admin');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await page.getByLabel('Password', { exact: true }).fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  expect(urls.length).toBeGreaterThan(2);
  for (const url of urls) {
    expect(url).not.toContain('password');
    expect(url).not.toContain('a-wrong-password-1');
  }
  await context.close();
});

test('a sign-in submitted before the form has hydrated is a POST, and signs in', async ({ page }) => {
  const urls = addressesAskedFor(page);
  // The islands' scripts never arrive: the form stays as the server rendered it.
  await page.route(/\/_astro\/.*\.js(\?|$)/, (route) => route.abort());
  await page.goto('/admin/login');
  await page.getByLabel('Username', { exact: true }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('e2e-admin-password');
  expect(await page.locator('astro-island[ssr]').count()).toBeGreaterThan(0);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
  });
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname !== '/admin/login' || url.search !== '');
  expect(page.url()).not.toContain('e2e-admin-password');
  expect(posts).toEqual(['/admin/sign-in']);
  await expect(page).toHaveURL(/\/admin$/);
  await page.unroute(/\/_astro\/.*\.js(\?|$)/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  for (const url of urls) expect(url).not.toContain('e2e-admin-password');
});

test('the editor revokes the preview links of an article', async ({ page, browser }) => {
  await signIn(page);
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Article' });
  await edit.getByRole('button', { name: 'Preview link' }).click();
  const href = await edit.getByTestId('preview-link').getByRole('link').getAttribute('href');
  // The link names the configured site; the test server answers on its own port.
  const preview = new URL(href ?? '');
  const reader = await browser.newPage();
  expect((await reader.goto(preview.pathname + preview.search))?.status()).toBe(200);

  await edit.getByRole('button', { name: 'Revoke links' }).click();
  // The notice shows over the open dialog. The dialog is modal, so the notification region (there
  // since the sign-in notice) is hidden from the accessibility tree meanwhile, as all outside it
  // is; screen readers hear the notice through Radix Toast's live announcement instead.
  const notices = page.getByRole('region', { name: /Notifications/, includeHidden: true });
  await expect(notices.getByRole('listitem', { includeHidden: true }).getByText('Preview links revoked')).toBeVisible();
  await expect(edit.getByTestId('preview-link')).toHaveCount(0);
  const revoked = await reader.goto(preview.pathname + preview.search);
  expect(revoked?.status()).toBe(404);
  await expect(reader.getByText('This preview link is not valid.')).toBeVisible();
  await reader.close();
});

test('the inbox names the category, says the time zone, cuts a long message at a word, and marks it handled and back', async ({ page }) => {
  const subject = `Capacity auction data request ${Date.now()}`;
  const words = 'Could you share the clearing prices by zone for the last three capacity auctions and the methodology notes';
  const message = Array.from({ length: 8 }, () => words).join('. ');
  const database = await openE2eDatabase();
  await database.db.insert(contactMessages).values({
    name: 'Riley Analyst',
    email: 'riley@example.com',
    subject,
    category: 'general',
    message,
    createdAt: new Date('2026-01-15T15:30:00Z'),
  });
  database.close();

  await signIn(page);
  await page.getByRole('tab', { name: /^Messages/ }).click();
  await page.getByRole('searchbox', { name: 'Search names, e-mails and subjects' }).fill(subject);
  const item = page.getByRole('list', { name: 'messages' }).getByRole('listitem').filter({ hasText: subject });
  await expect(item).toHaveCount(1);
  await expect(item.getByText('General Inquiry', { exact: true })).toBeVisible();
  await expect(item.getByText('general', { exact: true })).toHaveCount(0);
  await expect(item).toContainText(/Jan 15, 2026, 10:30\sAM EST/);

  const preview = item.locator('p').filter({ hasText: 'Could you share' });
  const shown = (await preview.innerText()).trim();
  expect(shown.endsWith('…')).toBe(true);
  const kept = shown.slice(0, -1);
  expect(message.startsWith(kept)).toBe(true);
  // Cut where a word ends: what follows in the message is a space or punctuation, never the rest of a word.
  expect(message.charAt(kept.length)).toMatch(/[\s.,]/);

  await item.getByRole('button', { name: 'Read the whole message' }).click();
  await expect(preview).toHaveText(message);
  await expect(preview).toBeFocused();
  await expect(item.getByRole('button', { name: 'Read the whole message' })).toHaveCount(0);

  // Marked handled, and reopened: the row says so and offers the other way.
  await item.getByRole('button', { name: 'Mark handled' }).click();
  await expect(toasts(page).getByText('Message marked handled')).toBeVisible();
  await expect(item.getByText('Handled', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: 'Mark unhandled' }).click();
  await expect(toasts(page).getByText('Message reopened')).toBeVisible();
  await expect(item.getByText('Handled', { exact: true })).toHaveCount(0);
  await expect(item.getByRole('button', { name: 'Mark handled' })).toBeVisible();
});

test('the link form closes with Escape without closing the editor, and the dialog closes from its button', async ({ page }) => {
  const { dialog, body } = await writeInNewArticle(page, 'Grid operators');
  await dialog.getByRole('button', { name: 'Link', exact: true }).click();
  const linkForm = dialog.getByRole('group', { name: 'Link' });
  await expect(linkForm.getByLabel('Link address')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(linkForm).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(body).toBeFocused();

  // Switching from the image form to the link form leaves no error of the image form behind.
  await dialog.getByRole('button', { name: 'Image by address', exact: true }).click();
  await expect(dialog.getByLabel('Image address')).toBeFocused();
  await dialog.getByRole('button', { name: 'Insert image' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter the image address.');
  await dialog.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
});

test('a link to a tab (the editors’ e-mail links /admin#comments) opens it, and the open tab stays in the address', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin#messages');
  await waitForIslands(page);
  await expect(page.getByRole('tab', { name: /Messages/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: /Comments/ }).click();
  await expect(page).toHaveURL(/\/admin#comments$/);
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByRole('tab', { name: /Comments/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: /Comments/ })).toBeVisible();
});
