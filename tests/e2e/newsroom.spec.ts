import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn, toasts } from './admin-session.ts';
import { backgroundLightness } from './theme.ts';

test.describe('topic pages', () => {
  test('show the topic, its description, its market figures, its newest stories and its feed', async ({ page }) => {
    await page.goto('/category/oil-gas');
    await expect(page.getByRole('heading', { level: 1, name: 'Oil & Gas' })).toBeVisible();
    await expect(page.getByTestId('topic-description')).toContainText('Crude, natural gas');
    const figures = page.getByTestId('topic-markets');
    for (const name of ['WTI Crude Oil', 'Brent Crude Oil', 'Henry Hub Natural Gas']) await expect(figures).toContainText(name);
    await expect(figures).not.toContainText('Gasoline');
    const cards = page.locator('main article');
    await expect(cards.first()).toBeVisible();
    // Every card is of this topic: it names it.
    await expect(cards.filter({ hasNot: page.getByText('Oil & Gas', { exact: true }) })).toHaveCount(0);
    await expect(page.getByTestId('feed-link')).toHaveAttribute('href', '/category/oil-gas/rss.xml');
  });

  test('are reached from an article’s category badge and breadcrumb', async ({ page }) => {
    await page.goto('/article/henry-hub-futures-climb-on-early-winter-demand');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Oil & Gas' }).click();
    await expect(page).toHaveURL(/\/category\/oil-gas$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Oil & Gas' })).toBeVisible();
  });
});

test.describe('author pages', () => {
  test('are reached from a byline and show the author with their stories', async ({ page }) => {
    await page.goto('/article/henry-hub-futures-climb-on-early-winter-demand');
    await page.getByTestId('article-meta').getByRole('link', { name: 'Marcus Ortega' }).click();
    await expect(page).toHaveURL(/\/author\/marcus-ortega$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Marcus Ortega' })).toBeVisible();
    await expect(page.getByTestId('author-title')).toHaveText('Natural Gas Reporter');
    await expect(page.getByTestId('author-bio')).toContainText('natural gas prices');
    const stories = page.locator('main article');
    await expect(stories.first()).toBeVisible();
    // The page is the byline: its cards do not repeat "By Marcus Ortega" on every story.
    await expect(stories.getByText(/^By /)).toHaveCount(0);
    await expect(stories.getByRole('link', { name: /Henry Hub Futures Climb/ }).first()).toBeVisible();
  });
});

test.describe('dark mode', () => {
  test('follows the system before any script runs, and ships no JavaScript for it', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/about');
    expect(await backgroundLightness(page)).toBeLessThan(0.3);
    // Without the script the toggle, which could not work, is not shown.
    await expect(page.locator('[data-theme-toggle]')).toBeHidden();
    await context.close();
  });

  test('has its theme in place before the body is parsed (no flash), with the inline script allowed by the CSP', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/category/nuclear');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    // Before any of the page's own scripts: note the theme the moment <body> arrives.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        observer.disconnect();
        (window as unknown as { themeAtBody: string | null }).themeAtBody = document.documentElement.getAttribute('data-theme');
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { themeAtBody: string | null }).themeAtBody)).toBe('light');
    expect(await backgroundLightness(page)).toBeGreaterThan(0.9);
    expect(violations).toEqual([]);
  });

  test('the toggle switches the theme, says its state and keeps the choice across reloads', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/author/dana-whitfield');
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(await backgroundLightness(page)).toBeGreaterThan(0.9);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => backgroundLightness(page)).toBeLessThan(0.3);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
    expect(await backgroundLightness(page)).toBeLessThan(0.3);
    // With the keyboard, back to light; other pages keep it too.
    await page.getByRole('button', { name: 'Dark theme' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'false');
    await page.goto('/news');
    expect(await backgroundLightness(page)).toBeGreaterThan(0.9);
  });
});

test.describe('the panel', () => {
  test('adds an author whose page then shows their details, and refuses a link that is not http(s)', async ({ page }) => {
    await signIn(page);
    await page.getByRole('tab', { name: 'Authors' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Authors' });
    await expect(panel.getByRole('list', { name: 'authors' })).toContainText('Dana Whitfield');
    const stamp = Date.now().toString(36);
    await panel.getByRole('button', { name: 'Add Author' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Author' });
    await expect(dialog).toBeVisible();
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await dialog.getByLabel('Name').fill(`Casey Nguyen ${stamp}`);
    await dialog.getByLabel('Slug (/author/…)').fill(`casey-nguyen-${stamp}`);
    await dialog.getByLabel('Title').fill('Grid Correspondent');
    await dialog.getByLabel('Short bio').fill('Casey covers transmission and interconnection queues.');
    await dialog.getByLabel(/^Links/).fill('Website | ftp://casey.example');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText(/Links must be http\(s\) addresses/)).toBeVisible();
    await dialog.getByLabel(/^Links/).fill('Website | https://casey.example');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(toasts(page).filter({ hasText: 'Author created successfully' })).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.goto(`/author/casey-nguyen-${stamp}`);
    await expect(page.getByRole('heading', { level: 1, name: `Casey Nguyen ${stamp}` })).toBeVisible();
    await expect(page.getByTestId('author-title')).toHaveText('Grid Correspondent');
    await expect(page.getByRole('link', { name: 'Website' })).toHaveAttribute('href', 'https://casey.example');
    await expect(page.getByText('No published stories yet.')).toBeVisible();
  });

  test('edits a topic description that the topic page then shows', async ({ page }) => {
    await signIn(page);
    await page.getByRole('tab', { name: 'Topics' }).click();
    const field = page.getByRole('tabpanel', { name: 'Topics' }).getByLabel('Description of Nuclear');
    const text = `Reactors, fuel and the rules that govern them (${Date.now().toString(36)}).`;
    await field.fill(text);
    await field.locator('xpath=ancestor::form').getByRole('button', { name: 'Save description' }).click();
    await expect(toasts(page).filter({ hasText: 'Topic description saved' })).toBeVisible();
    await page.goto('/category/nuclear');
    await expect(page.getByTestId('topic-description')).toHaveText(text);
  });
});
