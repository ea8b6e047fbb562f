import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './admin-session.ts';
import { drawnChart } from './charts.ts';
import { uniqueClientAddress } from './db.ts';

test('the mobile menu slides out and navigates', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await menu.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
});

test('the mobile menu closes with Escape and offers search', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#mobile-search').fill('solar');
  await page.locator('#mobile-search').press('Enter');
  await expect(page).toHaveURL(/\/news\?q=solar$/);
});

test('pages fit the phone without sideways scrolling', async ({ page }) => {
  for (const path of [
    '/',
    '/news',
    '/analytics',
    '/article/permian-output-holds-near-record-as-rig-count-slips',
    '/category/oil-gas',
    '/author/dana-whitfield',
    '/article/gulf-coast-refiners-post-strong-margins-into-q4',
    '/corrections',
    '/about',
    '/contact',
  ]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('a report fits the phone: its wide table scrolls inside its own region', async ({ page }) => {
  await page.goto('/analytics?report=regional&metric=generation');
  const table = page.getByRole('region', { name: 'Regional Data data table' });
  await expect(table).toBeVisible();
  await expect(drawnChart(page.locator('[data-report="regional"]'))).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
});

/**
 * Where a table on the page is cut: each table must lie within the viewport's width, and no box around it (below the page
 * itself) may hide part of it behind a scroll of its own, sideways or down. Returns one line per cut table.
 */
async function cutTables(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const cut: string[] = [];
    for (const table of Array.from(document.querySelectorAll('table'))) {
      const name = table.dataset['testid'] ?? table.caption?.textContent?.trim() ?? 'table';
      const box = table.getBoundingClientRect();
      if (box.width === 0) continue; // not shown at this size
      if (box.left < 0 || box.right > width + 0.5) cut.push(`${name}: ${box.left}-${box.right} outside 0-${width}`);
      for (let el = table.parentElement; el && el !== document.body; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) cut.push(`${name}: scrolls sideways in ${el.tagName}`);
        if (style.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 1) cut.push(`${name}: scrolls down in ${el.tagName}`);
      }
    }
    return cut;
  });
}

test('the grid and state pages fit the phone: every table whole in the page, none cut or scrolling in a box', async ({ page }) => {
  // A reader of a news site on a phone expects these short tables (four columns at most) laid out to fit and read
  // down the page with it: not a right column cut off behind a sideways scroll, nor a box that scrolls inside the page.
  // Common phone widths: an iPhone's 390 and the narrow Androids' 360 (the project's Pixel 7 is 412).
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    for (const path of ['/grid', '/grid/TEX', '/states', '/states/CA']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} at ${width}`).toBeLessThanOrEqual(0);
      expect(await cutTables(page), `${path} at ${width}`).toEqual([]);
    }
  }
  // The wide-screen scrolling boxes keep their names (keyboard users reach them by Tab), and the tables are in them.
  await page.goto('/grid');
  await expect(page.getByRole('region', { name: 'Regions table' }).getByRole('table')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Regions table' }).getByRole('row')).toHaveCount(15);
  await page.goto('/states');
  await expect(page.getByRole('region', { name: 'Table' }).getByRole('table')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Table' }).getByRole('row')).toHaveCount(52);
  await page.goto('/states/CA');
  await expect(page.getByTestId('state-ranks')).toBeVisible();
});

/** Whether the element lies wholly inside the viewport's width and shows all of its own content. */
async function fitsWidth(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  const uncut = await locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  return box !== null && box.x >= 0 && box.x + box.width <= width + 0.5 && uncut;
}

test('the home page price strip fits the phone: every price and its source line in view', async ({ page }) => {
  await page.goto('/');
  const strip = page.getByRole('region', { name: 'Market snapshot' });
  const items = strip.getByRole('listitem');
  await expect(items.first()).toBeVisible();
  for (const item of await items.all()) expect(await fitsWidth(page, item), await item.innerText()).toBe(true);
  await expect(items).toHaveCount(5);
  expect(await fitsWidth(page, strip.getByRole('list'))).toBe(true);
  const note = strip.getByText('Sample data: seeded demonstration figures until the editors import EIA data.');
  await note.scrollIntoViewIfNeeded();
  await expect(note).toBeInViewport();
  expect(await fitsWidth(page, note)).toBe(true);
});

test('the analytics tabs fit the phone: three whole labels on one row', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto('/analytics');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(3);
  const rows = new Set<string>();
  for (const tab of await tabs.all()) {
    expect(await fitsWidth(page, tab), await tab.innerText()).toBe(true);
    const box = await tab.boundingBox();
    rows.add(`${Math.round(box?.y ?? -1)}:${Math.round(box?.height ?? -1)}`);
  }
  // One row of tabs of one height, whichever label wraps.
  expect(rows.size).toBe(1);
});

test('the theme toggle sits in the phone header beside the menu button and works', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/category/utilities');
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await expect(toggle).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('the admin panel fits the phone: its sections in a menu, the market data stacked in view', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientAddress() });
  await signIn(page);
  // One button says where the editor is; the sidebar of tabs is for wide screens.
  await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeHidden();
  const menuButton = page.getByRole('button', { name: /^Section Articles/ });
  await expect(menuButton).toBeVisible();
  expect(await horizontalOverflowOf(page)).toBeLessThanOrEqual(0);
  await menuButton.click();
  const menu = page.getByRole('menu', { name: 'Section Articles' });
  await expect(menu.getByRole('menuitemradio')).toHaveCount(15);
  await expect(menu.getByRole('menuitemradio', { name: 'Articles' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
  // The keyboard works the menu: Enter opens it on the first section, down to the next, Enter opens that one.
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitemradio', { name: 'Articles' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  // Radix moves the focus a moment after the key (a timer): Enter waits for it.
  await expect(menu.getByRole('menuitemradio', { name: 'Authors' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/admin#authors$/);
  await expect(page.getByRole('button', { name: /^Section Authors/ })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Authors', level: 2 })).toBeVisible();

  await page.getByRole('button', { name: /^Section/ }).click();
  await page.getByRole('menuitemradio', { name: 'Market Data' }).click();
  await expect(page).toHaveURL(/\/admin#market$/);
  const rows = page.getByRole('table', { name: 'Stored market series' }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  for (const row of (await rows.all()).slice(1)) expect(await fitsWidth(page, row), await row.innerText()).toBe(true);
  expect(await horizontalOverflowOf(page)).toBeLessThanOrEqual(0);
  // No reader's footer (newsletter sign-up) in the admin.
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

/** How far the page scrolls sideways. */
async function horizontalOverflowOf(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test('the mobile menu leads to the calendar, the newsletter and every topic, and its search has a button', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/calendar');
  await expect(menu.getByRole('link', { name: 'Newsletter' })).toHaveAttribute('href', '/newsletter');
  const topics = page.locator('#mobile-menu').getByRole('navigation', { name: 'Topics' });
  await expect(topics.getByRole('link')).toHaveCount(6);
  await page.locator('#mobile-search').fill('nuclear');
  await page.locator('#mobile-menu').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/news\?q=nuclear$/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#mobile-menu').getByRole('navigation', { name: 'Topics' }).getByRole('link', { name: 'Nuclear' }).click();
  await expect(page).toHaveURL(/\/category\/nuclear$/);
});

/** The top of each of an element's children, in order. */
const rowTops = (item: Locator) => item.evaluate((li) => [...li.children].map((child) => Math.round(child.getBoundingClientRect().top)));

test('the price strip’s figures line up row by row, on a phone and on a desktop, whatever wraps', async ({ page }) => {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const items = await page.getByRole('region', { name: 'Market snapshot' }).getByRole('listitem').all();
    const tops = await Promise.all(items.map(rowTops));
    // Items side by side (the same first line) have every line at the same height.
    for (const [i, lines] of tops.entries())
      for (const other of tops.slice(i + 1)) if (other[0] === lines[0]) expect(other, `${width} px`).toEqual(lines);
    expect(new Set(tops.map((lines) => lines[0])).size).toBe(width < 640 ? 3 : 1);
  }
});

test('the production chart’s month labels do not overlap on a phone', async ({ page }) => {
  await page.goto('/');
  await page.locator('[data-chart="production"]').first().scrollIntoViewIfNeeded();
  // The month labels under the chart ("Sep '26"), whatever the charting library calls them.
  const labels = drawnChart(page, 'production')
    .first()
    .locator('text')
    .filter({ hasText: /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/ });
  await expect(labels.first()).toBeVisible();
  const boxes = (await Promise.all((await labels.all()).map((l) => l.boundingBox()))).filter(
    (b): b is NonNullable<typeof b> => b !== null && b.width > 0,
  );
  expect(boxes.length).toBeGreaterThan(1);
  const sorted = boxes.sort((a, b) => a.x - b.x);
  for (const [i, box] of sorted.slice(1).entries()) expect(box.x, `label ${i + 1}`).toBeGreaterThanOrEqual(sorted[i]!.x + sorted[i]!.width);
});

test('an article’s share links sit in one row on a phone', async ({ page }) => {
  await page.goto('/article/permian-output-holds-near-record-as-rig-count-slips');
  const links = page.getByRole('navigation', { name: 'Share this article' }).getByRole('link');
  await expect(links).toHaveCount(4);
  const tops = new Set<number>();
  for (const link of await links.all()) {
    tops.add(Math.round((await link.boundingBox())?.y ?? -1));
    expect(await fitsWidth(page, link)).toBe(true);
  }
  expect(tops.size).toBe(1);
});

test('on a phone the home page shows the stories and prices before the illustrative carbon card', async ({ page }) => {
  await page.goto('/');
  const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  const card = page.getByRole('complementary', { name: 'Carbon Capture Dashboard' });
  await expect(card).toBeVisible();
  const firstPrice = page.getByRole('region', { name: 'Market snapshot' });
  const firstHeadline = page.locator('section[aria-labelledby="featured-title"] article h3').first();
  await expect(firstHeadline).toBeVisible();
  expect(await top(firstPrice)).toBeLessThan(await top(card));
  expect(await top(firstHeadline)).toBeLessThan(await top(card));
});

test('an article’s byline, date and reading time leave no separator at a line’s end on a phone', async ({ page }) => {
  await page.goto('/article/permian-output-holds-near-record-as-rig-count-slips');
  const meta = page.getByTestId('article-meta');
  await expect(meta).toBeVisible();
  // Every visible separator has a visible neighbour on its own line to its right.
  const dangling = await meta.evaluate(
    (p) =>
      [...p.children]
        .filter((el) => el.textContent?.trim() === '·' && (el as HTMLElement).offsetParent !== null)
        .filter((dot) => {
          const next = dot.nextElementSibling;
          return !next || next.getBoundingClientRect().top !== dot.getBoundingClientRect().top;
        }).length,
  );
  expect(dangling).toBe(0);
});
