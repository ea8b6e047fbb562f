import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn, toasts } from './admin-session.ts';

test('the Newsletter tab previews the next briefing, sends a test and lists it with its delivery result', async ({ page }) => {
  await signIn(page);
  // The tab is addressed by the URL, as the editors' notices link to tabs.
  await page.goto('/admin#newsletter');
  const panel = page.getByRole('tabpanel', { name: 'Newsletter' });
  await expect(panel).toBeVisible();
  // A sandboxed frame (no scripts, no same origin), so the page cannot look inside it: its document is checked instead.
  const preview = panel.locator('iframe[title="Preview of the next briefing"]');
  await expect(preview).toHaveAttribute('sandbox', '');
  await expect(preview).toHaveAttribute('srcdoc', /<h2[^>]*>Markets<\/h2>/);
  // A reader's message: its links carry a token (the test token, whose pages say so).
  await expect(preview).toHaveAttribute('srcdoc', /<a href="[^"]+\/newsletter\/unsubscribe\?token=[\w-]{20,}"[^>]*>unsubscribe<\/a>/);

  const address = `editor-${Date.now()}@example.com`;
  await panel.getByLabel('Send a test of the next briefing to').fill(address);
  await panel.getByRole('button', { name: 'Send test' }).click();
  await expect(toasts(page).filter({ hasText: 'Test queued' })).toBeVisible();

  await panel.getByLabel('Find by recipient address').fill(address);
  const row = panel
    .getByRole('list', { name: 'outbox' })
    .getByRole('listitem')
    .filter({ hasText: `To ${address}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('[Test] ');
  // The browser tests' server sends to an SMTP server of its own: the message is listed as sent (or still waiting).
  await expect(row).toContainText(/Sent|Waiting/);
  await row.getByRole('button', { name: 'Read the message' }).click();
  await expect(row.locator('pre')).toContainText('MARKETS');

  const results = await new AxeBuilder({ page })
    .include('[role="tabpanel"]')
    // axe cannot run inside a frame without scripts; the briefing's own HTML is checked by the unit tests.
    .exclude('iframe[title="Preview of the next briefing"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(
    results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});
