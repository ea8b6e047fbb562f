// A newsroom team in the browser, on a server of its own that sends mail to a real SMTP
// server in this process: the owner invites a contributor and an editor (the invitations
// arrive by mail), the contributor accepts, writes and submits a draft, the editor finds it in
// the review queue and publishes it, and a deactivated person's open session is refused at once.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startTestSmtp, type TestSmtp } from '../fakes/smtp.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { seriousViolations } from './axe.ts';
import { waitForIslands } from './hydration.ts';
import { openNewArticle } from './admin-session.ts';

const OWNER_PASSWORD = 'staff-e2e-owner-password';
let smtp: TestSmtp;
let server: TestServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ADMIN_PASSWORD: OWNER_PASSWORD, SMTP_URL: smtp.url, TRUST_PROXY: 'true' });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${server.url}/admin/login`);
  await waitForIslands(page);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await waitForIslands(page);
}

/** Invites `email` from the Staff tab and answers the link of the mail that arrives. */
async function invite(owner: Page, email: string, name: string, role: string): Promise<string> {
  await owner.goto(`${server.url}/admin#staff`);
  const panel = owner.getByRole('tabpanel', { name: 'Staff' });
  await panel.getByRole('button', { name: 'Invite a Person' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Invite a Person' });
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByLabel('Name (their byline)').fill(name);
  await dialog.getByLabel('Role').selectOption({ value: role });
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText(email)).toBeVisible();
  await smtp.waitFor(() => smtp.received.some((mail) => mail.to && JSON.stringify(mail.to).includes(email)));
  const mail = smtp.received.findLast((m) => JSON.stringify(m.to).includes(email));
  expect(mail?.subject).toContain('invited you');
  const link = /https?:\/\/\S+\/admin\/invitation#token=[a-z2-7]+/.exec(mail?.text ?? '')?.[0];
  expect(link).toBeTruthy();
  return new URL(link!).pathname + new URL(link!).hash;
}

/** A new person opens their invitation in a browser of their own and chooses a password. */
async function accept(browser: Browser, link: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.url}${link}`);
  await waitForIslands(page);
  expect(await seriousViolations(page, 'main')).toEqual([]);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('New password again').fill(password);
  await page.getByRole('button', { name: 'Join the newsroom' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await waitForIslands(page);
  return page;
}

test('the owner brings in a contributor and an editor; a draft is submitted, found in the queue and published', async ({ page: owner, browser }) => {
  test.setTimeout(180_000);
  await signIn(owner, 'admin', OWNER_PASSWORD);
  const writerLink = await invite(owner, 'wren@newsroom.example', 'Wren Writer', 'contributor');
  const editorLink = await invite(owner, 'eddie@newsroom.example', 'Eddie Editor', 'editor');
  expect(await seriousViolations(owner, '[role="tabpanel"]')).toEqual([]);

  const writer = await accept(browser, writerLink, 'wren has a long password');
  await expect(writer.getByText('Signed in as Wren Writer · Contributor')).toBeVisible();
  // A contributor's panel: articles and their own security, nothing of readers or settings.
  const sections = writer.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
  await expect(sections).toHaveText(['Articles', 'Security']);
  const dialog = await openNewArticle(writer);
  const title = `Transmission queue grows ${Date.now()}`;
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Excerpt', { exact: true }).fill('Developers wait years for interconnection.');
  await dialog.getByRole('textbox', { name: 'Content' }).fill('The queue keeps growing.');
  await expect(dialog.getByLabel('Status')).toHaveValue('draft');
  await expect(dialog.getByLabel('Status').locator('option')).toHaveText(['Draft']);
  await dialog.getByRole('button', { name: 'Create Article' }).click();
  await expect(dialog).toBeHidden();
  await writer.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = writer.getByRole('dialog', { name: 'Edit Article' });
  await edit.getByLabel('Note for the newsroom').fill('Ready for a look.');
  await edit.getByRole('button', { name: 'Submit for review' }).click();
  await expect(edit.getByRole('list', { name: 'Notes, newest first' })).toContainText('Ready for a look.');
  await expect(edit.getByText('In review')).toBeVisible();

  const editor = await accept(browser, editorLink, 'eddie has a long password');
  await editor
    .getByRole('tabpanel', { name: /Articles/ })
    .getByLabel('Status')
    .selectOption({ label: 'In review' });
  await expect(editor.getByText(title)).toBeVisible();
  await editor.getByRole('button', { name: `Edit ${title}` }).click();
  const review = editor.getByRole('dialog', { name: 'Edit Article' });
  await expect(review.getByLabel('Author', { exact: true })).toHaveValue('Wren Writer');
  // The decision sits where the review is: Publish in the review box saves the draft as published.
  await review
    .getByRole('region', { name: /Review and notes/ })
    .getByRole('button', { name: 'Publish', exact: true })
    .click();
  await expect(review).toBeHidden();
  const reader = await (await browser.newContext()).newPage();
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await expect(async () => {
    const res = await reader.goto(`${server.url}/article/${slug}`);
    expect(res?.status()).toBe(200);
  }).toPass();
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(title);

  // The owner sees it all in the audit log.
  await owner.goto(`${server.url}/admin#audit`);
  const audit = owner.getByRole('tabpanel', { name: 'Audit Log' });
  await expect(audit.getByText('eddie@newsroom.example published an article: ' + title)).toBeVisible();
  await expect(audit.getByText('wren@newsroom.example submitted a draft for review: ' + title)).toBeVisible();
  expect(await seriousViolations(owner, '[role="tabpanel"]')).toEqual([]);

  // Deactivated: the writer's open panel is refused at its next call.
  await owner.goto(`${server.url}/admin#staff`);
  const staff = owner.getByRole('tabpanel', { name: 'Staff' });
  owner.once('dialog', (d) => void d.accept());
  await staff.getByRole('button', { name: 'Deactivate Wren Writer' }).click();
  await expect(staff.getByText('Deactivated')).toBeVisible();
  await writer.reload();
  await expect(writer).toHaveURL(/\/admin\/login$/);
});

test('a forgotten password is reset by e-mail', async ({ page }) => {
  await page.goto(`${server.url}/admin/login`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await waitForIslands(page);
  expect(await seriousViolations(page, 'main')).toEqual([]);
  await page.getByLabel('E-mail address').fill('eddie@newsroom.example');
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toContainText('If a staff account has this address');
  await smtp.waitFor(() => smtp.received.some((m) => m.subject?.startsWith('Reset your')));
  const mail = smtp.received.findLast((m) => m.subject?.startsWith('Reset your'));
  const link = new URL(/https?:\/\/\S+#token=[a-z2-7]+/.exec(mail?.text ?? '')?.[0] ?? 'http://x/');
  await page.goto(`${server.url}${link.pathname}${link.hash}`);
  await waitForIslands(page);
  await page.getByLabel('New password', { exact: true }).fill('eddie picked a new one');
  await page.getByLabel('New password again').fill('eddie picked a new one');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signIn(page, 'eddie@newsroom.example', 'eddie picked a new one');
});

test('the first owner names themself and gives an address in the Security tab, and sends a person a reset link from the Staff tab', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', OWNER_PASSWORD);
  await page.goto(`${server.url}/admin#security`);
  const security = page.getByRole('tabpanel', { name: 'Security' });
  await security.getByLabel('Name', { exact: true }).fill('Olive Owner');
  await security.getByLabel('E-mail address').fill('olive@newsroom.example');
  // A new address asks for the password.
  await security.getByLabel('Your password (to change the address)').fill(OWNER_PASSWORD);
  await security.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your account is saved').first()).toBeVisible();
  expect(await seriousViolations(page, '[role="tabpanel"]')).toEqual([]);
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByText('Signed in as Olive Owner · Owner')).toBeVisible();

  await page.goto(`${server.url}/admin#staff`);
  const staff = page.getByRole('tabpanel', { name: 'Staff' });
  const before = smtp.received.length;
  page.once('dialog', (d) => void d.accept());
  await staff.getByRole('button', { name: 'Send password reset to Eddie Editor' }).click();
  await expect(page.getByText('A password-reset link is on its way to Eddie Editor').first()).toBeVisible();
  await smtp.waitFor(() => smtp.received.length > before);
  expect(smtp.received.at(-1)?.text).toMatch(/Olive Owner, an owner of the EnergyPulse newsroom, sent you this link/);
  await page.goto(`${server.url}/admin#audit`);
  await expect(page.getByRole('tabpanel', { name: 'Audit Log' }).getByText('admin sent a person a password-reset link: Eddie Editor')).toBeVisible();
});
