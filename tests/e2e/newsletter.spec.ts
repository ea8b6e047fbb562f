import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { subscriberAlerts, subscriberDataAlerts, subscribers } from '@db/schema';
import { signIn } from './admin-session.ts';
import { openE2eDatabase, uniqueClientAddress } from './db.ts';
import { waitForIslands } from './hydration.ts';
import { mailsTo } from './mailbox.ts';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** The confirmation link's path, read from the mail the reader receives (the outbox never holds a usable link). */
async function confirmPathFor(email: string): Promise<string> {
  let path = '';
  await expect
    .poll(
      () => {
        path = /\/newsletter\/confirm\?token=[\w-]{43}/.exec(mailsTo(email).at(-1)?.text ?? '')?.[0] ?? '';
        return path;
      },
      { timeout: 60_000 },
    ) // the mail job sends the outbox every few seconds; a busy machine takes longer
    .not.toBe('');
  return path;
}

async function subscriberRow(email: string) {
  const database = await openE2eDatabase();
  try {
    const [row] = await database.db.select().from(subscribers).where(eq(subscribers.email, email));
    const alerts = row ? await database.db.select().from(subscriberAlerts).where(eq(subscriberAlerts.subscriberId, row.id)) : [];
    const dataAlerts = row ? await database.db.select().from(subscriberDataAlerts).where(eq(subscriberDataAlerts.subscriberId, row.id)) : [];
    return { row, alerts, dataAlerts };
  } finally {
    database.close();
  }
}

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': uniqueClientAddress() } });

test('a reader subscribes from the footer, confirms from the e-mail, chooses topics and an alert, then unsubscribes', async ({ page }) => {
  const email = `reader-${Date.now()}@example.com`;
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/about');
  const footerForm = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter' });
  await footerForm.getByLabel('E-mail address').fill(email);
  await footerForm.getByLabel(/Weekly roundup/).check();
  await footerForm.getByLabel(/Grid weekly/).check();
  await footerForm.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox to confirm' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Check your inbox');
  // The sign-up works without any script.
  expect(scripts).toEqual([]);
  expect((await subscriberRow(email)).row).toMatchObject({ status: 'pending', dailyBriefing: true, weeklyRoundup: true, gridWeekly: true });

  // The link in the message shows a button (a mail scanner's GET confirms nothing).
  await page.goto(await confirmPathFor(email));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect((await subscriberRow(email)).row?.status).toBe('pending');
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You’re subscribed' })).toBeVisible();
  expect((await subscriberRow(email)).row?.status).toBe('active');

  await page.getByRole('link', { name: 'Choose topics and alerts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter preferences' })).toBeVisible();
  await waitForIslands(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('checkbox', { name: 'Coal' }).check();
  await page.getByRole('button', { name: 'Add a price alert' }).click();
  await page.getByLabel('Alert 1: series').selectOption({ label: 'Brent Crude Oil' });
  await page.getByLabel('When it').selectOption('below');
  // A value is needed: the shared schema says so before anything is sent.
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Enter a number')).toBeVisible();
  await page.getByLabel(/^Value/).fill('55.5');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('status')).toHaveText('Your preferences are saved.');
  const saved = await subscriberRow(email);
  expect(saved.row).toMatchObject({ priceAlerts: true, topics: '["coal"]' });
  expect(saved.alerts.map((a) => [a.seriesSlug, a.kind, a.value])).toEqual([['brent', 'below', 55.5]]);

  await page.getByRole('link', { name: 'Unsubscribe from everything' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You’re unsubscribed' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect((await subscriberRow(email)).row?.status).toBe('unsubscribed');

  // The admin finds the address by its start in the Subscribers tab.
  await signIn(page);
  await page.getByRole('tab', { name: /^Subscribers/ }).click();
  await page.getByRole('searchbox', { name: 'Search by the start of an e-mail address' }).fill(email.slice(0, 16));
  const item = page.getByRole('list', { name: 'subscribers' }).getByRole('listitem').filter({ hasText: email });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Unsubscribed');
  await expect(item).toContainText('topics: coal');
  await expect(item).toContainText('daily briefing, weekly roundup, price alerts, grid weekly');
});

test('a reader chooses data alerts on the preferences page: gas storage, a region’s demand records and a state’s price moves', async ({ page }) => {
  const email = `data-${Date.now()}@example.com`;
  // A client address of its own: the sign-up limit per client must not couple it to the other tests.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientAddress() });
  await page.goto('/newsletter');
  await page.getByRole('main').getByLabel('E-mail address').fill(email);
  await page.getByRole('main').getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox to confirm' })).toBeVisible();
  await page.goto(await confirmPathFor(email));
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await page.getByRole('link', { name: 'Choose topics and alerts' }).click();
  await waitForIslands(page);

  const dataAlerts = page.getByRole('group', { name: 'Data alerts' });
  await dataAlerts.getByRole('checkbox', { name: /^Gas storage leaves its five-year range/ }).check();
  const regions = dataAlerts.getByRole('group', { name: 'Grid demand records' });
  await regions.getByRole('checkbox', { name: 'Texas', exact: true }).check();
  await regions.getByRole('checkbox', { name: 'Lower 48 states' }).check();
  await dataAlerts.getByRole('button', { name: 'Add a state price alert' }).click();
  await page.getByLabel('State price alert 1: state').selectOption({ label: 'California' });
  await page.getByLabel('Sector').selectOption({ label: 'Commercial' });
  expect(await seriousViolations(page)).toEqual([]);
  // A percentage is needed: the shared schema says so before anything is sent.
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(dataAlerts.getByText('Enter a number')).toBeVisible();
  await expect(page.getByLabel('Percent', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Percent', { exact: true }).fill('150');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(dataAlerts.getByText('A move is a percentage between 0 and 100')).toBeVisible();
  await page.getByLabel('Percent', { exact: true }).fill('7.5');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('status')).toHaveText('Your preferences are saved.');
  const saved = await subscriberRow(email);
  expect(saved.dataAlerts.map((a) => [a.kind, a.subject, a.value])).toEqual([
    ['storage-range', 'gas-storage', null],
    ['demand-record', 'US48', null],
    ['demand-record', 'TEX', null],
    ['state-price', 'CA/COM', 7.5],
  ]);

  // The page shows them again, and removing the state alert by keyboard saves without it.
  await page.reload();
  await waitForIslands(page);
  await expect(regions.getByRole('checkbox', { name: 'Texas', exact: true })).toBeChecked();
  await expect(page.getByLabel('State price alert 1: state')).toHaveValue('CA');
  await expect(page.getByLabel('Percent', { exact: true })).toHaveValue('7.5');
  await page.getByRole('button', { name: 'Remove state price alert 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(dataAlerts.getByText('No state price alerts yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('status')).toHaveText('Your preferences are saved.');
  expect((await subscriberRow(email)).dataAlerts.map((a) => a.subject)).toEqual(['gas-storage', 'US48', 'TEX']);
  expect(await seriousViolations(page)).toEqual([]);
});

test('an unknown confirmation link says so and offers the form again; it passes axe', async ({ page }) => {
  await page.goto('/newsletter/confirm?token=' + 'u'.repeat(43));
  await expect(page.getByRole('heading', { level: 1, name: 'This confirmation link is not valid' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Subscribe again' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the sign-up and preferences fit a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `phone-${Date.now()}@example.com`;
  await page.goto('/category/coal');
  const topicForm = page.getByRole('form', { name: 'Coal by e-mail' });
  await expect(topicForm.getByRole('checkbox', { name: 'Coal' })).toBeChecked();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await topicForm.getByLabel('E-mail address').fill(email);
  await topicForm.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox to confirm' })).toBeVisible();
  expect((await subscriberRow(email)).row?.topics).toBe('["coal"]');
  await page.goto(await confirmPathFor(email));
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await page.getByRole('link', { name: 'Choose topics and alerts' }).click();
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Add a price alert' }).click();
  await expect(page.getByLabel('Alert 1: series')).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  const save = await page.getByRole('button', { name: 'Save preferences' }).boundingBox();
  expect(save?.width).toBeGreaterThanOrEqual(44);
});
