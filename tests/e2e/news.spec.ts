import { expect, test, type Page } from '@playwright/test';
import { waitForIslands } from './hydration.ts';

const cards = (page: Page) => page.locator('main article');

test.describe('publish times', () => {
  const cardTime = (page: Page) => cards(page).locator('time[data-relative]');

  test('are written relative to now by the page, from the date the cached page carries', async ({ browser, page }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto('/news');
    // Without scripts: the date, which stays true however long the page is cached.
    await expect(cardTime(plain).first()).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await context.close();
    await page.goto('/news');
    await expect(cardTime(page).first()).toHaveText(/^(?:just now|\d+ (?:minute|hour|day|month|year)s? ago)$/);
    const texts = await cardTime(page).allTextContents();
    expect(texts.every((t) => /ago$|^just now$/.test(t))).toBe(true);
    // The date stays in the title and the machine-readable time.
    await expect(cardTime(page).first()).toHaveAttribute('title', /^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(cardTime(page).first()).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  });

  test('a page of cards the filter loads says its times the same way', async ({ page }) => {
    await page.goto('/news');
    // The filter hydrates when the reader first uses it.
    await page.getByRole('searchbox', { name: 'Search articles' }).focus();
    await waitForIslands(page);
    const pages = page.getByRole('navigation', { name: 'Archive pages' });
    await pages.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cardTime(page).first()).toHaveText(/^(?:just now|\d+ (?:minute|hour|day|month|year)s? ago)$/);
  });
});

test.describe('news filter', () => {
  test('without JavaScript, the numbered pages lead through the archive, with no "Load more" beside them', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/news');
    const firstPage = await cards(page).allTextContents();
    await expect(page.getByRole('link', { name: /load more/i })).toHaveCount(0);
    const pages = page.getByRole('navigation', { name: 'Archive pages' });
    await pages.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/news\?page=2$/);
    await expect(cards(page)).toHaveCount(12);
    expect(await cards(page).allTextContents()).not.toEqual(firstPage);
    // Other tests add and remove articles meanwhile: the seeded 30 make three pages give or take one story.
    await pages.getByRole('link', { name: 'Page 3' }).click();
    await expect(page).toHaveURL(/\/news\?page=3$/);
    expect(await cards(page).count()).toBeGreaterThan(0);
    await expect(pages.getByRole('link', { name: 'Next' })).toHaveCount(0);
    await context.close();
  });

  test('ships no JavaScript until the reader uses the filter', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/news', { waitUntil: 'networkidle' });
    expect(scripts).toEqual([]);
    await page.getByRole('searchbox', { name: 'Search articles' }).focus();
    await waitForIslands(page);
    expect(scripts.some((url) => url.includes('NewsBrowser'))).toBe(true);
  });

  test('keeps a category picked before the page finished loading', async ({ page }) => {
    // Hold the island's script back, pick a category, then let it load.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/NewsBrowser.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/news', { waitUntil: 'domcontentloaded' });
    await page.getByRole('combobox', { name: 'Category' }).selectOption('coal');
    release();
    await waitForIslands(page);
    await expect(page).toHaveURL(/\/news\?category=coal$/);
    await expect(cards(page)).toHaveCount(5);
  });

  test('applies search after a 300 ms pause and keeps it in the URL', async ({ page }) => {
    // The page's clock stands still unless the test moves it, so "inside the pause" holds on any machine.
    await page.clock.install();
    await page.goto('/news');
    await expect(cards(page)).toHaveCount(12);
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/articles')) requests.push(r.url());
    });
    // Seven keystrokes, then the 300 ms pause.
    await page.getByRole('searchbox', { name: 'Search articles' }).pressSequentially('battery');
    expect(requests).toHaveLength(0);
    await page.clock.runFor(300);
    await expect(page).toHaveURL(/\/news\?q=battery$/);
    await expect(cards(page).first()).toContainText('Battery Storage Shaves the Texas Evening Peak');
    // Time passes: nothing else is requested.
    await page.clock.runFor(2_000);
    // One request for the whole word; none for the partial words typed on the way.
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!).searchParams.get('q')).toBe('battery');
  });

  test('filters by category from the dropdown, defaulting to All Categories', async ({ page }) => {
    await page.goto('/news');
    const select = page.getByRole('combobox', { name: 'Category' });
    await expect(select).toHaveValue('all');
    await expect(select.locator('option:checked')).toHaveText('All Categories');
    await select.selectOption('nuclear');
    await expect(page).toHaveURL(/\/news\?category=nuclear$/);
    await expect(cards(page)).toHaveCount(5);
    // Every card names its category on its own (an excerpt that mentions nuclear power does not count).
    await expect(cards(page).filter({ hasNot: page.getByText('Nuclear', { exact: true }) })).toHaveCount(0);
    await expect(page.locator('main p[aria-live]')).toHaveText('5 articles');
    // The heading, the title and the sidebar follow without a reload.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nuclear News');
    await expect(page).toHaveTitle(/^Nuclear News/);
    await expect(page.getByRole('complementary').getByRole('link', { name: /Nuclear/ })).toHaveAttribute('aria-current', 'page');
    await select.selectOption('all');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Energy News');
    await expect(page.getByRole('complementary').locator('[aria-current="page"]')).toHaveCount(0);
  });

  test('shows the empty text when nothing matches', async ({ page }) => {
    await page.goto('/news');
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('zzyzx');
    await expect(page.getByText('No articles found matching your criteria.')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test('renders a shared link the same way with JavaScript off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/news?category=coal&q=rail');
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('rail');
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('coal');
    await expect(cards(page).first()).toContainText('Powder River Basin');
    await expect(cards(page)).toHaveCount(1);
    await context.close();
  });

  test('sidebar lists market data and categories with counts that lead to the topic pages', async ({ page }) => {
    await page.goto('/news');
    const overview = page.locator('section[aria-labelledby="overview-title"]');
    await expect(overview.getByRole('heading', { name: 'Market Overview' })).toBeVisible();
    await expect(overview.getByText('WTI Crude Oil')).toBeVisible();
    const categories = page.locator('section[aria-labelledby="categories-title"]');
    await expect(categories.getByRole('link')).toHaveCount(6);
    const coal = categories.getByRole('link', { name: /Coal/ });
    await expect(coal).toHaveAttribute('href', '/category/coal');
    await expect(coal).toContainText('5');
    await coal.click();
    await expect(page).toHaveURL(/\/category\/coal$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Coal' })).toBeVisible();
    await expect(page.locator('main article')).toHaveCount(5);
    // Each market figure's name stays on one line beside its value in the narrow column.
    await page.goto('/news');
    const overviewLinks = page.locator('section[aria-labelledby="overview-title"] [data-figure] a');
    for (const link of await overviewLinks.all()) {
      const lineHeight = await link.evaluate((a) => parseFloat(getComputedStyle(a).lineHeight));
      expect((await link.boundingBox())?.height ?? 0).toBeLessThan(lineHeight * 2);
    }
  });

  test('after hydration, the numbered pages still lead through the archive', async ({ page }) => {
    await page.goto('/news');
    await expect(cards(page)).toHaveCount(12);
    await page.getByRole('searchbox', { name: 'Search articles' }).focus();
    await waitForIslands(page);
    await expect(page.getByRole('link', { name: /load more/i })).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Archive pages' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/news\?page=2$/);
    await expect(cards(page)).toHaveCount(12);
  });
});
