import { expect, test } from '@playwright/test';
import { signIn, toasts } from './admin-session.ts';
import { seriousViolations } from './axe.ts';
import { uniqueClientAddress } from './db.ts';

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientAddress() });
});

/** `YYYY-MM-DD` of the US Eastern day `days` from now. */
function easternDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() + days * 86_400_000));
}

test('a reader finds the coming releases by week, each linked to its series, and can subscribe', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Release Calendar' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Energy Data Release Calendar' })).toBeVisible();

  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  const firstWeek = upcoming.getByRole('region').first();
  await expect(firstWeek.getByRole('heading', { level: 3 })).toHaveText(/^Week of /);
  const wpsr = upcoming
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Weekly Petroleum Status Report' }) })
    .first();
  await expect(wpsr).toContainText(/(10:30|11:00) AM ET/);
  await expect(wpsr.getByRole('link', { name: 'US crude oil inventories' })).toHaveAttribute('href', '/markets/crude-inventories');
  const storage = upcoming
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Weekly Natural Gas Storage Report' }) })
    .first();
  await expect(storage.getByRole('link', { name: 'Working gas in storage' })).toHaveAttribute('href', '/markets/gas-storage');

  await expect(page.getByRole('region', { name: 'Released in the last four weeks' }).getByRole('listitem').first()).toBeVisible();

  const subscribe = page.getByRole('link', { name: 'Subscribe' });
  await expect(subscribe).toHaveAttribute('href', /^webcal:\/\/[^/]+\/calendar\.ics$/);
  await expect(page.getByRole('link', { name: 'Download .ics' })).toHaveAttribute('href', '/calendar.ics');
  // Reachable from the keyboard.
  await subscribe.focus();
  await expect(subscribe).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Download .ics' })).toBeFocused();
});

test('the calendar fits a phone screen and ships no JavaScript', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.setViewportSize({ width: 412, height: 900 });
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Upcoming' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(scripts).toEqual([]);
});

test('a reader filters the calendar by kind without JavaScript, and every day stays whole', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/calendar');
  // The note about releases out at EIA is said once, not under every release.
  await expect(page.getByText(/its figures appear here after the site's next import/)).toHaveCount(1);
  // No day breaks between its month and its number.
  for (const day of await page.locator('[data-entry] time > span:first-child').all()) {
    const lineHeight = await day.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await day.boundingBox())?.height ?? 0).toBeLessThan(lineHeight * 1.5);
  }
  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Weekly Natural Gas Storage Report' });
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/\/calendar\?kind=storage$/);
  const titles = await page.locator('[data-entry] :is(h3, h4)').allTextContents();
  expect(titles.length).toBeGreaterThanOrEqual(6);
  expect(new Set(titles.map((t) => t.trim()))).toEqual(new Set(['Weekly Natural Gas Storage Report']));
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('storage');
  await page.getByRole('link', { name: 'Show everything' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  expect(new Set(await page.locator('[data-entry] :is(h3, h4)').allTextContents()).size).toBeGreaterThan(3);
  await context.close();
});

test('in the dark theme the calendar’s status pills keep their contrast', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/calendar');
  expect(await seriousViolations(page, 'main')).toEqual([]);
});

test('an editor adds, edits and deletes an event, and readers see it on the calendar', async ({ page }) => {
  const title = `OPEC+ ministerial ${Date.now()}`;
  const day = easternDay(9);
  await signIn(page);
  await page.getByRole('tab', { name: 'Calendar' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Calendar' });
  await expect(panel.getByRole('heading', { name: 'Release Calendar' })).toBeVisible();
  expect(await seriousViolations(page, '[role="tabpanel"]:not([hidden])')).toEqual([]);

  await panel.getByRole('button', { name: 'Add Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Event' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  // Nothing typed: the form says what is missing.
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Kind').selectOption('opec');
  await dialog.getByLabel('Starts (ET)').fill(`${day}T08:00`);
  await dialog.getByLabel('Ends (ET, optional)').fill(`${day}T07:00`);
  await dialog.getByLabel('Location (optional)').fill('Vienna');
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expect(dialog.getByText('The end must be after the start')).toBeVisible();
  await dialog.getByLabel('Ends (ET, optional)').fill(`${day}T13:00`);
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).filter({ hasText: 'Event added to the calendar' })).toBeVisible();
  const row = panel.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText(`, ${day.slice(0, 4)}, 8:00 AM ET`);
  await expect(row).toContainText('Vienna');

  await page.goto('/calendar');
  const entry = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(entry).toContainText('8:00 AM ET');
  await expect(entry).toContainText('OPEC+ meeting');
  await expect(entry).toContainText('Vienna');

  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await panel.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  await edit.getByLabel('Title').fill(`${title} (JMMC)`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(panel.getByRole('listitem').filter({ hasText: `${title} (JMMC)` })).toBeVisible();

  page.once('dialog', (confirm) => void confirm.accept());
  await panel.getByRole('button', { name: `Delete ${title} (JMMC)` }).click();
  await expect(toasts(page).filter({ hasText: 'Event deleted' })).toBeVisible();
  await expect(panel.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: new RegExp(title.replace(/[+()]/g, '\\$&')) })).toHaveCount(0);
});

test('an editor marks a release postponed, readers see it on the calendar, and the editor puts it back', async ({ page }) => {
  await signIn(page);
  await page.getByRole('tab', { name: 'Calendar' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Calendar' });
  const section = panel.getByRole('region', { name: 'Moved and Postponed Releases' });
  await section.getByRole('button', { name: 'Move or Postpone a Release' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move or Postpone a Release' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  // The last release offered, weeks ahead: far from the weeks the other tests read.
  const release = dialog.getByLabel('Release');
  const last = release.locator('option').last();
  const releaseId = (await last.getAttribute('value')) ?? '';
  const label = (await last.textContent()) ?? '';
  await release.selectOption(releaseId);
  await dialog.getByLabel('New time (ET; empty: no new date yet)').fill('');
  await dialog.getByLabel('What EIA said (optional)').fill('Delayed while EIA upgrades its systems.');
  await dialog.getByRole('button', { name: 'Save Change' }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).filter({ hasText: 'Release marked postponed' })).toBeVisible();
  const row = section.getByRole('listitem').filter({ hasText: label.split(',')[0] ?? '' });
  await expect(row.first()).toContainText('postponed, no new date yet');

  // Weeks ahead: on the calendar's second page.
  await page.goto('/calendar?page=2');
  const entry = page.locator(`[data-entry="${releaseId}"]`);
  await expect(entry).toContainText('Postponed');
  await expect(entry).toContainText('new date to come');
  await expect(entry).toContainText('Delayed while EIA upgrades its systems.');
  expect(await seriousViolations(page, `[data-entry="${releaseId}"]`)).toEqual([]);

  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Calendar' }).click();
  page.once('dialog', (confirm) => void confirm.accept());
  await section
    .getByRole('button', { name: /^Delete the change to / })
    .first()
    .click();
  await expect(toasts(page).filter({ hasText: 'Release back on its usual schedule' })).toBeVisible();
  await page.goto('/calendar?page=2');
  await expect(page.locator(`[data-entry="${releaseId}"]`)).toBeVisible();
  await expect(page.locator(`[data-entry="${releaseId}"]`)).not.toContainText('Postponed');
});
