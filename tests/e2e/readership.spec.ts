import { devices, expect, test, type Page } from '@playwright/test';
import { signIn } from './admin-session.ts';
import { seriousViolations } from './axe.ts';
import { uniqueClientAddress } from './db.ts';
import { READERSHIP_MIN_VISITORS } from '@/server/services/readership/view-counter';

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientAddress() });
});

/** A story published now through the API with the browser's session: no reader has seen it yet. */
async function publishStory(page: Page): Promise<{ id: number; title: string; slug: string }> {
  const stamp = `${Date.now()}-${process.pid}`;
  const created = await page.request.post('/api/articles', {
    data: {
      title: `LNG exports set a monthly record ${stamp}`,
      slug: `lng-exports-record-${stamp}`,
      excerpt: 'Gulf Coast terminals ran near capacity.',
      content: '<p>Feed gas demand averaged a record.</p>',
      author: 'Newsroom',
      categoryId: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: number; title: string; slug: string };
}

/** The story's views today, as the readership endpoint says (0 while it is not listed). */
async function viewsToday(page: Page, id: number): Promise<number> {
  const res = await page.request.get('/api/admin/readership?range=today');
  expect(res.status()).toBe(200);
  const report = (await res.json()) as { items: { id: number; views: number }[] };
  return report.items.find((item) => item.id === id)?.views ?? 0;
}

test("a reader's visit to an article is counted on the Readership screen, which axe finds no fault with", async ({ page, browser, baseURL }) => {
  await signIn(page);
  const story = await publishStory(page);
  expect(await viewsToday(page, story.id)).toBe(0);

  // Readers from a search engine, each in a browser of their own (no session, no cookie): a
  // referring site is listed once READERSHIP_MIN_VISITORS distinct visitors brought it.
  for (let i = 0; i < READERSHIP_MIN_VISITORS; i++) {
    const reader = await browser.newContext({
      ...devices['Desktop Chrome'],
      ...(baseURL ? { baseURL } : {}),
      extraHTTPHeaders: { 'X-Forwarded-For': uniqueClientAddress() },
    });
    const readerPage = await reader.newPage();
    const sent = readerPage.waitForResponse((res) => res.url().endsWith('/api/views') && res.request().method() === 'POST');
    await readerPage.goto(`/article/${story.slug}`, { referer: 'http://news.google.com/' });
    const beacon = await sent;
    expect(beacon.status()).toBe(204);
    expect(await reader.cookies()).toEqual([]);
    await reader.close();
  }

  // Counts are written every second.
  await expect.poll(() => viewsToday(page, story.id), { timeout: 30_000 }).toBe(READERSHIP_MIN_VISITORS);

  await page.goto('/admin#readership');
  const panel = page.getByRole('tabpanel', { name: 'Readership' });
  await expect(panel.getByRole('heading', { name: 'Top stories' })).toBeVisible();
  const row = panel.getByRole('list', { name: 'top stories' }).getByRole('listitem').filter({ hasText: story.title });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('story-views')).toHaveText(`${READERSHIP_MIN_VISITORS} views`);
  await expect(row.getByRole('link', { name: story.title })).toHaveAttribute('href', `/article/${story.slug}`);

  // The period is chosen on the server; the last 30 days include today.
  await panel.getByLabel('Period').selectOption('30d');
  await expect(row).toHaveCount(1);
  const referrers = panel.getByRole('list', { name: 'Referring sites' });
  await expect(referrers.getByRole('listitem').filter({ hasText: 'news.google.com' })).toHaveCount(1);
  expect(await seriousViolations(page, '[role="tabpanel"]')).toEqual([]);
});
