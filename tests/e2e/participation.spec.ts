import { eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { articles, comments } from '@db/schema';
import { openE2eDatabase, uniqueClientAddress } from './db.ts';

/** Fills the contact form as Jordan Lee (jordan@example.com), with `fields` besides, and sends it. */
async function sendContactMessage(page: Page, fields: { company?: string; category: string; subject: string; message: string }): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill('Jordan Lee');
  await page.getByLabel('Email', { exact: true }).fill('jordan@example.com');
  if (fields.company) await page.getByLabel('Company (optional)', { exact: true }).fill(fields.company);
  await page.getByLabel('Category', { exact: true }).selectOption({ label: fields.category });
  await page.getByLabel('Subject', { exact: true }).fill(fields.subject);
  await page.getByLabel('Message', { exact: true }).fill(fields.message);
  await page.getByRole('button', { name: 'Send Message' }).click();
}

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientAddress() });
});

test.describe('comments', () => {
  const slug = 'henry-hub-futures-climb-on-early-winter-demand';

  test('a reader submits a comment and is told it appears after moderation', async ({ page }) => {
    await page.goto(`/article/${slug}`);
    await page.getByRole('heading', { name: 'Comments', exact: true }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Submit Comment' }).click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Comment must be at least 10 characters')).toBeVisible();
    // The first refused field has the focus; once submitted, a field is checked again as it changes.
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Name', { exact: true }).fill('P');
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();

    const text = `Storage numbers matter more than the weather. ${Date.now()}`;
    await page.getByLabel('Name', { exact: true }).fill('Priya Shah');
    await expect(page.getByText('Name must be at least 2 characters')).toHaveCount(0);
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('priya@example.com');
    await page.getByLabel('Comment', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Submit Comment' }).click();
    const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
    await expect(toast.getByText('Comment Submitted')).toBeVisible();
    await expect(toast.getByText('Your comment has been submitted and will appear after moderation.')).toBeVisible();
    // One confirmation: the notification, not a second message in the form.
    await expect(page.getByText(/will appear after moderation/)).toHaveCount(1);
    await expect(page.getByLabel('Comment', { exact: true })).toHaveValue('');

    const database = await openE2eDatabase();
    const [row] = await database.db.select().from(comments).where(eq(comments.content, text));
    database.close();
    expect(row).toMatchObject({ authorName: 'Priya Shah', approved: false });
    // Pending comments are not shown to readers.
    await page.reload();
    await page.getByRole('heading', { name: 'Comments', exact: true }).scrollIntoViewIfNeeded();
    await expect(
      page.getByText('No comments yet - Be the first to share your thoughts on this article.').or(page.getByText(/\d+ Comments?$/)),
    ).toBeVisible();
    await expect(page.getByText(text)).toHaveCount(0);
  });

  /** Holds the comment form's code until `release()`, so a test can use the page meanwhile. */
  async function holdCommentFormCode(page: Page) {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/CommentForm\.[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const hydrated = () => page.waitForFunction(() => document.querySelector('astro-island[component-url*="CommentForm"]:not([ssr])') !== null);
    return { release, hydrated };
  }

  for (const focusedWhenLoaded of ['Name', 'Email', 'Comment'] as const) {
    test(`the form keeps what a reader types when its code arrives with the focus in ${focusedWhenLoaded}`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const code = await holdCommentFormCode(page);
      await page.goto(`/article/${slug}`);
      await page.getByRole('heading', { name: 'Comments', exact: true }).scrollIntoViewIfNeeded();

      const text = `Refinery margins explain the spread, ${focusedWhenLoaded}. ${Date.now()}`;
      const fields = { Name: 'Early Typist', Email: 'early@example.com', Comment: text } as const;
      await page.getByLabel('Name', { exact: true }).click();
      for (const label of ['Name', 'Email', 'Comment'] as const) {
        const value = fields[label];
        if (label !== focusedWhenLoaded) {
          await page.keyboard.type(value);
        } else {
          // Half before the code arrives, half after.
          const half = Math.floor(value.length / 2);
          await page.keyboard.type(value.slice(0, half));
          code.release();
          await code.hydrated();
          await expect(page.getByLabel(label, { exact: true })).toBeFocused();
          await page.keyboard.type(value.slice(half));
        }
        if (label !== 'Comment') await page.keyboard.press('Tab');
      }
      for (const label of ['Name', 'Email', 'Comment'] as const) await expect(page.getByLabel(label, { exact: true })).toHaveValue(fields[label]);

      await page.getByRole('button', { name: 'Submit Comment' }).click();
      await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Comment Submitted')).toBeVisible();
      const database = await openE2eDatabase();
      const [row] = await database.db.select().from(comments).where(eq(comments.content, text));
      database.close();
      expect(row).toMatchObject({ authorName: 'Early Typist', authorEmail: 'early@example.com' });
      expect(errors).toEqual([]);
    });
  }

  test('a comment submitted before the form code arrives is sent once it has, and never through the address bar', async ({ page }) => {
    const code = await holdCommentFormCode(page);
    await page.goto(`/article/${slug}`);
    const address = page.url();
    const text = `Submitted while the form was still loading. ${Date.now()}`;
    await page.getByLabel('Name', { exact: true }).fill('Quick Reader');
    await page.getByLabel('Email', { exact: true }).fill('quick@example.com');
    await page.getByLabel('Comment', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Submit Comment' }).click();
    await expect(page.getByLabel('Comment', { exact: true })).toHaveValue(text);
    code.release();
    await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Comment Submitted')).toBeVisible();
    expect(page.url()).toBe(address);
    const database = await openE2eDatabase();
    const rows = await database.db.select().from(comments).where(eq(comments.content, text));
    database.close();
    expect(rows).toHaveLength(1);
  });

  test('an approved comment with markup is shown as text and runs nothing', async ({ page }) => {
    const database = await openE2eDatabase();
    const [article] = await database.db.select({ id: articles.id }).from(articles).where(eq(articles.slug, 'coal-share-of-generation-hits-new-low'));
    const payload = '<img src=x onerror="window.__xss = true"> <script>window.__xss = true</script> Nice chart!';
    await database.db.delete(comments).where(eq(comments.articleId, article!.id));
    await database.db.insert(comments).values({
      articleId: article!.id,
      authorName: '<b>Mallory</b>',
      authorEmail: 'm@example.com',
      content: payload,
      approved: true,
      createdAt: new Date('2026-03-05T19:07:00Z'),
    });
    database.close();

    await page.goto('/article/coal-share-of-generation-hits-new-low');
    await page.getByRole('heading', { name: 'Comments', exact: true }).scrollIntoViewIfNeeded();
    await expect(page.getByText(payload)).toBeVisible();
    await expect(page.getByText('<b>Mallory</b>')).toBeVisible();
    await expect(page.getByText('1 Comment', { exact: true })).toBeVisible();
    await expect(page.getByText('March 5, 2026 at 2:07 PM')).toBeVisible();
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: boolean }).__xss)).toBeUndefined();
  });
});

test.describe('notifications', () => {
  test('a notification whose code arrives late still appears, and the form is usable meanwhile', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/toast-region\.[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/contact');
    await sendContactMessage(page, { category: 'Feedback', subject: 'Late notification', message: 'The notification code is held back on purpose.' });
    // Sent and reset while the notification's code is still on its way.
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('');
    await page.getByLabel('Subject', { exact: true }).fill('Typing goes on');
    release();
    await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Message Sent')).toBeVisible();
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Typing goes on');
  });

  test('F8 focuses the notification region before any notification has appeared', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).click();
    await page.waitForFunction(() => document.querySelector('astro-island[component-url*="ContactForm"]:not([ssr])') !== null);
    await page.keyboard.press('F8');
    await expect(page.getByRole('region', { name: /Notifications/ })).toHaveCount(1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label') ?? ''))
      .toMatch(/Notifications/);
  });
});

test.describe('contact form', () => {
  test('shows the spec messages, then sends a valid message', async ({ page }) => {
    await page.goto('/contact');
    // Pressed before the form has hydrated: held, then validated once it has.
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Subject must be at least 5 characters',
      'Please select a category',
      'Message must be at least 10 characters',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await sendContactMessage(page, {
      company: 'Prairie Wind LLC',
      category: 'Press/Media',
      subject: 'Interview request',
      message: 'Could your analysts comment on the PJM auction?',
    });
    const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
    await expect(toast.getByText('Message Sent')).toBeVisible();
    await expect(toast.getByText("Thank you for contacting us. We'll get back to you soon.")).toBeVisible();
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('');
  });

  test('offers the five categories of the spec', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByLabel('Category', { exact: true }).locator('option')).toHaveText([
      'Select a category',
      'General Inquiry',
      'Business Partnership',
      'Technical Support',
      'Press/Media',
      'Feedback',
    ]);
  });
});

test('validating the public forms raises no Content-Security-Policy violation (no eval)', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  for (const [path, button, message] of [
    ['/contact', 'Send Message', 'Subject must be at least 5 characters'],
    ['/article/henry-hub-futures-climb-on-early-winter-demand', 'Submit Comment', 'Comment must be at least 10 characters'],
  ] as const) {
    await page.goto(path);
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByText(message)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  }
});
