import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articles, categories, marketObservations, marketSeries } from '@db/schema';
import type { AnalyticsContentItem } from '@/lib/wire/analytics';
import type { Article, ArticleSummary, Category } from '@/lib/wire/articles';
import type { MarketDataItem } from '@/lib/wire/markets';
import { useTestServer } from '../helpers/test-server.ts';
import { expectNewestFirst } from '../helpers/expect-order.ts';

const server = useTestServer();

const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);
async function getJson<T>(path: string): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await get(path);
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

describe('GET /api/articles', () => {
  it('lists published articles newest first, each the full Article, with the total in X-Total-Count', async () => {
    const { status, body, headers } = await getJson<Article[]>('/api/articles');
    expect(status).toBe(200);
    expect(headers.get('X-Total-Count')).toBe('30');
    expect(body).toHaveLength(20);
    expectNewestFirst(body, (a) => a.publishedAt);
    const first = body[0]!;
    expect([typeof first.id, typeof first.slug, typeof first.category.id, typeof first.category.name, typeof first.category.slug]).toEqual([
      'number',
      'string',
      'number',
      'string',
      'string',
    ]);
    expect(first.content).toMatch(/^<p>/);
    expect(headers.get('Cache-Control')).toBe('no-store');
    // The lean shape the site's own lists ask for.
    const lean = await getJson<ArticleSummary[]>('/api/articles?fields=summary&limit=3');
    expect(lean.body.map((a) => a.id)).toEqual(body.slice(0, 3).map((a) => a.id));
    expect(lean.body[0]).not.toHaveProperty('content');
  });

  it('pages with limit and offset', async () => {
    const all = (await getJson<ArticleSummary[]>('/api/articles?limit=30')).body;
    const page = (await getJson<ArticleSummary[]>('/api/articles?limit=5&offset=5')).body;
    expect(page.map((a) => a.id)).toEqual(all.slice(5, 10).map((a) => a.id));
  });

  it('returns featured stories only with featured=true', async () => {
    const { body, headers } = await getJson<ArticleSummary[]>('/api/articles?featured=true');
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((a) => a.featured)).toBe(true);
    expect(Number(headers.get('X-Total-Count'))).toBe(body.length);
  });

  it('filters by category slug', async () => {
    const { body, headers } = await getJson<ArticleSummary[]>('/api/articles?category=nuclear');
    expect(headers.get('X-Total-Count')).toBe('5');
    expect(body.every((a) => a.category.slug === 'nuclear')).toBe(true);
  });

  it('searches title, excerpt and body, ranking the best match first', async () => {
    const { body } = await getJson<ArticleSummary[]>('/api/articles?q=battery%20storage');
    expect(body[0]?.slug).toBe('battery-storage-shaves-texas-evening-peak');
    // "tundra" appears only in an article body, never in a title or excerpt.
    const bodyOnly = (await getJson<ArticleSummary[]>('/api/articles?q=tundra')).body;
    expect(bodyOnly.map((a) => a.slug)).toEqual(['alaska-north-slope-project-reaches-first-oil']);
  });

  it('answers an empty array for a search with no match or only punctuation', async () => {
    for (const q of ['zzyzxqq', '%22%22%20()*']) {
      const { status, body, headers } = await getJson<ArticleSummary[]>(`/api/articles?q=${q}`);
      expect(status).toBe(200);
      expect(body).toEqual([]);
      expect(headers.get('X-Total-Count')).toBe('0');
    }
  });

  it('rejects invalid parameters with 400 and field messages', async () => {
    const { status, body } = await getJson<{ message: string; errors: Record<string, string[]> }>('/api/articles?limit=abc&offset=-1&category=BAD!');
    expect(status).toBe(400);
    expect(body.message).toBe('Invalid query parameters');
    expect(Object.keys(body.errors).sort()).toEqual(['category', 'limit', 'offset']);
  });

  it('never shows drafts or articles scheduled for later', async () => {
    const [cat] = await server.database.db.select().from(categories).limit(1);
    const base = { excerpt: 'x', content: '<p>x</p>', contentText: 'x', author: 'A', categoryId: cat!.id };
    await server.database.db.insert(articles).values([
      { ...base, slug: 'secret-draft', title: 'Secret draft zebra', status: 'draft', publishedAt: new Date(Date.now() - 1000) },
      { ...base, slug: 'future-story', title: 'Future story zebra', status: 'published', publishedAt: new Date(Date.now() + 86_400_000) },
    ]);
    const { body, headers } = await getJson<ArticleSummary[]>('/api/articles?q=zebra');
    expect(body).toEqual([]);
    expect(headers.get('X-Total-Count')).toBe('0');
    expect((await get('/api/articles/secret-draft')).status).toBe(404);
    expect((await get('/api/articles/future-story')).status).toBe(404);
    expect((await get('/article/future-story')).status).toBe(404);
  });
});

describe('GET /api/articles/{slug}', () => {
  it('returns the article with its HTML content and ISO dates', async () => {
    const { status, body } = await getJson<Article>('/api/articles/permian-output-holds-near-record-as-rig-count-slips');
    expect(status).toBe(200);
    expect(body.title).toBe('Permian Output Holds Near Record as Rig Count Slips');
    expect(body.content).toContain('<p>');
    expect(body.category.slug).toBe('oil-gas');
    expect(new Date(body.publishedAt).toISOString()).toBe(body.publishedAt);
  });

  it('answers a JSON 404 for an unknown slug', async () => {
    const { status, body } = await getJson<{ message: string }>('/api/articles/no-such-article');
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Article not found' });
  });
});

describe('reference data', () => {
  it('GET /api/categories lists the six categories', async () => {
    const { body } = await getJson<Category[]>('/api/categories');
    expect(body.map((c) => c.slug)).toEqual(['oil-gas', 'renewables', 'utilities', 'nuclear', 'coal', 'policy-regulation']);
  });

  it('GET /api/analytics counts published articles per category by name', async () => {
    const { body } = await getJson<{ categoryStats: { category: string; count: number }[] }>('/api/analytics');
    expect(body.categoryStats).toHaveLength(6);
    expect(body.categoryStats.find((s) => s.category === 'Nuclear')?.count).toBe(5);
    expect(body.categoryStats.reduce((n, s) => n + s.count, 0)).toBe(30);
  });

  it('GET /api/zoho/dashboard-data answers the stored energy mix', async () => {
    const { body } = await getJson<{ energyMix: { source: string; percentage: number }[] }>('/api/zoho/dashboard-data');
    expect(body.energyMix).toEqual([
      { source: 'Natural Gas', percentage: 38.4 },
      { source: 'Renewables', percentage: 23.1 },
      { source: 'Coal', percentage: 19.7 },
      { source: 'Nuclear', percentage: 18.8 },
    ]);
  });

  it('GET /api/analytics-content lists items of every type, newest first', async () => {
    const { body } = await getJson<AnalyticsContentItem[]>('/api/analytics-content');
    expect(new Set(body.map((i) => i.type))).toEqual(new Set(['chart', 'dashboard', 'report', 'insight']));
    expectNewestFirst(body, (i) => i.createdAt);
  });
});

describe('GET /api/market-data', () => {
  it('derives value, change and changeType from the two latest observations', async () => {
    const [wti] = await server.database.db.select().from(marketSeries).where(eq(marketSeries.slug, 'wti'));
    const period = '2099-01-02';
    const previousRows = await server.database.client.execute({
      sql: 'SELECT value FROM market_observations WHERE series_id = ? ORDER BY period DESC LIMIT 1',
      args: [wti!.id],
    });
    const previous = Number(previousRows.rows[0]?.['value']);
    await server.database.db.insert(marketObservations).values({ seriesId: wti!.id, period, value: Math.round(previous * 110) / 100 });
    const { body } = await getJson<MarketDataItem[]>('/api/market-data');
    const item = body.find((i) => i.slug === 'wti');
    expect(item).toMatchObject({ name: 'WTI Crude Oil', changeType: 'positive', asOf: period, unit: '$/bbl', sample: true });
    expect(item?.value).toMatch(/^\$\d+\.\d{2}$/);
    expect(item?.change).toMatch(/^\+(9\.9\d|10\.0\d)%$/);
    expect(body.map((i) => i.slug)).toEqual(['wti', 'brent', 'henry-hub', 'gasoline', 'electricity']);
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404 whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await get('/api/nothing/here', { method, headers: { Origin: server.url } });
      expect(response.status).toBe(404);
      expect(response.headers.get('Content-Type')).toContain('application/json');
      expect(await response.json()).toEqual({ message: 'Not found' });
    }
  });
});
