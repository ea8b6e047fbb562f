import { expect, test } from '@playwright/test';

test.describe('home', () => {
  test('shows the hero, featured stories and the market analytics cards', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Energy Market Intelligence' })).toBeVisible();
    for (const tag of ['Oil & Gas', 'Climate', 'Market Data'])
      await expect(page.getByRole('list', { name: 'Coverage' }).getByText(tag, { exact: true })).toBeVisible();
    const card = page.getByRole('complementary', { name: 'Carbon Capture Dashboard' });
    for (const text of ['45.2 MT', '+8.3% YoY', '127', '+15 new', '$12.4B', '+22% growth'])
      await expect(card.getByText(text, { exact: true })).toBeVisible();
    // The hero's fixed figures are examples, and say so where they stand.
    await expect(card.getByText('Illustrative figures', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Featured Stories' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/news');
    const featured = page.locator('section[aria-labelledby="featured-title"] article');
    expect(await featured.count()).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('heading', { name: 'Market Analytics', exact: true })).toBeVisible();
    for (const title of ['Price Analysis', 'Production', 'Energy Mix'])
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(page.getByText('+12.4% vs last quarter')).toBeVisible();
    await expect(page.getByText('18.7% 30-day volatility')).toBeVisible();
    await expect(page.getByText('23.1% renewable')).toBeVisible();
  });

  test('the price strip says each unit once, with dates and the source of its figures in view', async ({ page }) => {
    await page.goto('/');
    const strip = page.getByRole('region', { name: 'Market snapshot' });
    const electricity = strip.getByRole('listitem').filter({ hasText: 'US Residential Electricity' });
    await expect(electricity).toContainText(/\d+\.\d{2}¢\/kWh/);
    expect(await strip.innerText()).not.toMatch(/¢\s*¢|\$[\d.,]+\s*\$\//);
    await expect(electricity.getByText(/^Monthly, as of [A-Z][a-z]+ \d{4}$/)).toBeVisible();
    await expect(electricity.getByText('Illustrative sample', { exact: true })).toBeVisible();
    await expect(strip.getByText('Sample data: seeded demonstration figures until the editors import EIA data.')).toBeInViewport();
  });

  test('serves the dashboard charts drawn, before any script, and shows them when scrolled to', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    for (const chart of ['energy-mix', 'production', 'volatility'])
      expect(html).toMatch(new RegExp(`data-chart="${chart}"[^>]*>\\s*<div[^>]*>\\s*<svg`));
    await page.goto('/');
    await page.getByRole('heading', { name: 'Market Analytics', exact: true }).scrollIntoViewIfNeeded();
    await expect(page.locator('[data-chart="energy-mix"] svg').first()).toBeVisible();
    await expect(page.locator('[data-chart="production"] svg').first()).toBeVisible();
    await expect(page.locator('[data-chart="volatility"] svg').first()).toBeVisible();
  });

  test('hero buttons lead to analytics and news', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore Analytics' }).first().click();
    await expect(page).toHaveURL(/\/analytics$/);
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'Latest News' }).click();
    await expect(page).toHaveURL(/\/news$/);
  });
});

test.describe('header', () => {
  test('highlights the active link by path prefix', async ({ page }) => {
    await page.goto('/news');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'News' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
    await page.goto('/article/permian-output-holds-near-record-as-rig-count-slips');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  });

  test('search box submits to /news?q=', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('searchbox', { name: 'Search news' }).fill('reactor');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/news\?q=reactor$/);
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('reactor');
    await expect(page.locator('main article').first()).toContainText(/reactor/i);
  });
});

test.describe('article page', () => {
  test('shows badge, featured flag, date, reading time, body, share links and related stories', async ({ page }) => {
    await page.goto('/news');
    await page.getByRole('link', { name: 'Permian Output Holds Near Record as Rig Count Slips', exact: true }).click();
    await expect(page).toHaveURL(/\/article\/permian-output-holds-near-record-as-rig-count-slips$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Permian Output Holds Near Record as Rig Count Slips');
    const badge = page.getByTestId('category-badge');
    await expect(badge).toHaveText('Oil & Gas');
    await expect(badge).toHaveAttribute('href', '/category/oil-gas');
    await expect(page.getByText('Featured', { exact: true })).toBeVisible();
    await expect(page.locator('header time').first()).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(page.getByTestId('reading-time')).toHaveText(/^\d+ min read$/);
    await expect(page.locator('.article-body p').first()).toBeVisible();
    // Never changed since it was published: no "Last updated" beside the publish date.
    await expect(page.getByText(/^Last updated/)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Related stories' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Share this article' }).getByRole('link')).toHaveCount(4);
  });

  test('says Article Not Found for an unknown slug', async ({ page }) => {
    const response = await page.goto('/article/not-a-real-story');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
    await expect(page.getByText("The article you're looking for doesn't exist")).toBeVisible();
  });
});

test.describe('static pages', () => {
  test('about shows mission, coverage and the way onward', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'Our mission' })).toBeVisible();
    for (const t of ['Oil & Gas Markets', 'Climate & Renewables', 'Market Analytics'])
      await expect(page.getByRole('heading', { name: t, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Explore Analytics' })).toHaveAttribute('href', '/analytics');
    await expect(page.getByRole('link', { name: 'Read the News' })).toHaveAttribute('href', '/news');
  });

  test('contact shows the e-mail and response-time cards', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page.getByText('We typically respond within 24 hours on business days.')).toBeVisible();
  });

  for (const [path, title] of [
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
  ] as const) {
    test(`${title} states its effective date`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText('Effective date: June 12, 2025')).toBeVisible();
    });
  }

  test('unknown paths show the 404 page', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });
});
