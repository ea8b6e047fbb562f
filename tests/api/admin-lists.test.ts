import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { filePathOf } from '@db/backends/worker-threads';
import { analyticsContent, articles, comments, contactMessages, counters } from '@db/schema';
import { growDatabase } from '@db/seed/scale';
import type { AdminArticleRow } from '@/lib/wire/articles';
import type { AdminCounts } from '@/lib/wire/admin';
import type { AdminMessage } from '@/lib/wire/contact';
import type { AdminPage } from '@/lib/wire/common';
import type { ModerationComment } from '@/lib/wire/comments';
import type { AnalyticsContentItem } from '@/lib/wire/analytics';
import { apiClient } from '../helpers/api-client.ts';
import { fullScans, planRecorder, sortedPages } from '../helpers/query-plans.ts';
import { useTestServer } from '../helpers/test-server.ts';
import { expectNewestFirst } from '../helpers/expect-order.ts';

const PASSWORD = 'admin-lists-password';
const server = useTestServer({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true' });
const api = apiClient(server, PASSWORD);
let cookie: string;

beforeAll(async () => {
  growDatabase({ path: filePathOf(server.databaseUrl), articles: 3_000, comments: 20_000, analyze: false });
  // The list's own messages, not the sample site's.
  await server.database.db.delete(contactMessages);
  const now = Date.now();
  await server.database.db.insert(contactMessages).values(
    Array.from({ length: 120 }, (_, i) => ({
      name: i % 2 ? `Grid Planner ${i}` : `Trader ${i}`,
      email: `sender${i}@example.com`,
      subject: i === 7 ? 'Transmission queue question' : `Note ${i}`,
      category: i % 3 ? 'general' : 'press',
      message: i === 3 ? 'x'.repeat(2_000) : `Message number ${i}`,
      handled: i % 4 === 0,
      createdAt: new Date(now - i * 60_000),
    })),
  );
  cookie = await api.signIn();
}, 180_000);

async function page<T>(path: string): Promise<{ body: AdminPage<T>; bytes: number }> {
  const res = await api.call('GET', path, { cookie });
  expect(res.status).toBe(200);
  return { body: res.json as unknown as AdminPage<T>, bytes: Buffer.byteLength(res.text) };
}

describe('the admin lists at newsroom size', () => {
  it('pages articles, 50 at a time, without their HTML, under 100 KB a page', async () => {
    const first = await page<AdminArticleRow>('/api/admin/articles');
    expect(first.body.items).toHaveLength(50);
    expect(first.body.total).toBeGreaterThanOrEqual(3_000);
    expect(first.bytes).toBeLessThan(100_000);
    expect(first.body.items[0]).not.toHaveProperty('content');
    expect(first.body.items[0]).not.toHaveProperty('excerpt');
    const second = await page<AdminArticleRow>('/api/admin/articles?page=2');
    expect(second.body.items.map((a) => a.id)).not.toContain(first.body.items[0]?.id);
    expectNewestFirst([...first.body.items, ...second.body.items], (a) => a.publishedAt);
    const last = await page<AdminArticleRow>(`/api/admin/articles?page=${Math.ceil(first.body.total / 50)}`);
    expect(last.body.items.length).toBeGreaterThan(0);
    // The editor loads one article, with its HTML.
    const one = await api.call('GET', `/api/admin/articles/${first.body.items[0]?.id}`, { cookie });
    expect(one.json['content']).toMatch(/^<p>/);
  });

  it('filters articles by status and category, sorts by title, and searches their text', async () => {
    const drafts = await page<AdminArticleRow>('/api/admin/articles?status=draft');
    expect(drafts.body.total).toBeGreaterThan(0);
    expect(drafts.body.items.every((a) => a.status === 'draft')).toBe(true);
    const scheduled = await page<AdminArticleRow>('/api/admin/articles?status=scheduled');
    expect(scheduled.body.items.length).toBeGreaterThan(0);
    expect(scheduled.body.items.every((a) => a.status === 'published' && Date.parse(a.publishedAt) > Date.now())).toBe(true);
    const coal = await page<AdminArticleRow>('/api/admin/articles?categoryId=5');
    expect(coal.body.items.length).toBeGreaterThan(0);
    expect(coal.body.items.every((a) => a.category.id === 5)).toBe(true);
    const byTitle = await page<AdminArticleRow>('/api/admin/articles?sort=title');
    const titles = byTitle.body.items.map((a) => a.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const found = await page<AdminArticleRow>('/api/admin/articles?q=permian&status=all');
    expect(found.body.total).toBeGreaterThan(50);
    const matching = await server.database.client.execute(
      `SELECT count(*) AS n FROM articles WHERE id IN (${found.body.items.map((a) => a.id).join(',')}) AND lower(title || ' ' || content_text) LIKE '%permian%'`,
    );
    expect(Number(matching.rows[0]?.['n'])).toBe(found.body.items.length);
    expect((await api.call('GET', '/api/admin/articles?status=nope', { cookie })).status).toBe(400);
  });

  it('lists every comment by default, pending first then newest, with e-mails, their article and a bounded preview', async () => {
    const first = await page<ModerationComment>('/api/admin/comments');
    expect(first.body.items).toHaveLength(50);
    expect(first.body.items.every((c) => !c.approved && (c.authorEmail ?? '').includes('@') && c.articleTitle.length > 0)).toBe(true);
    expect(first.bytes).toBeLessThan(100_000);
    const inDb = await server.database.client.execute('SELECT sum(approved = 0) AS pending, sum(approved = 1) AS approved FROM comments');
    const pendingInDb = Number(inDb.rows[0]?.['pending']);
    const approvedInDb = Number(inDb.rows[0]?.['approved']);
    expect(pendingInDb).toBeGreaterThan(50);
    expect(approvedInDb).toBeGreaterThan(50);
    // Every comment, approved ones too (spec: "all comments for moderation"), counted from the running totals.
    expect(first.body.total).toBe(pendingInDb + approvedInDb);
    const counted = await server.database.db.select().from(counters);
    const counter = (name: string) => counted.find((c) => c.name === name)?.value;
    expect(first.body.total).toBe((counter('comments_pending') ?? 0) + (counter('comments_approved') ?? 0));
    // The page where the pending comments end goes on with the approved ones; each part newest first.
    const boundary = await page<ModerationComment>(`/api/admin/comments?page=${Math.floor(pendingInDb / 50) + 1}`);
    expect(boundary.body.items).toHaveLength(50);
    const flags = boundary.body.items.map((c) => c.approved);
    expect(flags).toContain(true);
    expect(flags).toEqual([...flags].sort((a, b) => Number(a) - Number(b)));
    for (const approved of [false, true]) {
      const times = [...first.body.items, ...boundary.body.items].filter((c) => c.approved === approved).map((c) => Date.parse(c.createdAt));
      expect(times.length).toBeGreaterThan(0);
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    const newestFirst = await page<ModerationComment>('/api/admin/comments?sort=newest');
    const newestInDb = await server.database.client.execute('SELECT id FROM comments ORDER BY created_at DESC, id DESC LIMIT 50');
    expect(newestFirst.body.items.map((c) => c.id)).toEqual(newestInDb.rows.map((r) => Number(r['id'])));
    // The status filter is an option.
    const pending = await page<ModerationComment>('/api/admin/comments?status=pending');
    expect(pending.body.total).toBe(pendingInDb);
    expect(pending.body.items.every((c) => !c.approved)).toBe(true);
    const approved = await page<ModerationComment>('/api/admin/comments?status=approved&sort=oldest');
    expect(approved.body.total).toBe(approvedInDb);
    const times = approved.body.items.map((c) => Date.parse(c.createdAt));
    expect(times.length).toBeGreaterThan(0);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const one = approved.body.items[0];
    const forArticle = await page<ModerationComment>(`/api/admin/comments?articleId=${one?.articleId}`);
    expect(forArticle.body.items.length).toBeGreaterThan(0);
    expect(forArticle.body.items.every((c) => c.articleId === one?.articleId)).toBe(true);
    const articleFlags = forArticle.body.items.map((c) => c.approved);
    expect(articleFlags).toEqual([...articleFlags].sort((a, b) => Number(a) - Number(b)));
    const searched = await page<ModerationComment>('/api/admin/comments?status=all&q=interconnection%20queue');
    expect(searched.body.total).toBeGreaterThan(0);
    expect(searched.body.items.every((c) => /interconnection queue/i.test(c.content))).toBe(true);
  });

  it('counts a search of a common word up to 1,000 ("1,000+"), newest first in arrival order, and pages past the count', async () => {
    const matches = await server.database.client.execute("SELECT count(*) AS n FROM comments_fts WHERE comments_fts MATCH 'storage*'");
    expect(Number(matches.rows[0]?.['n'])).toBeGreaterThan(1_050);
    const first = await page<ModerationComment>('/api/admin/comments?status=all&q=storage');
    expect(first.body).toMatchObject({ total: 1_000, totalAtLeast: true });
    const ids = first.body.items.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const past = await page<ModerationComment>('/api/admin/comments?status=all&q=storage&page=21');
    expect(past.body.items.length).toBeGreaterThan(0);
    expect(Math.max(...past.body.items.map((c) => c.id))).toBeLessThan(Math.min(...ids));
    // A search with few matches counts them exactly; a list without a search always does.
    const few = await page<ModerationComment>('/api/admin/comments?status=pending&q=interconnection%20queue');
    expect(few.body.total).toBeLessThan(1_000);
    expect(few.body.totalAtLeast).toBeUndefined();
    const all = await page<AdminArticleRow>('/api/admin/articles');
    expect(all.body.total).toBeGreaterThan(1_000);
    expect(all.body.totalAtLeast).toBeUndefined();
  });

  it("names each comment's article by its title and slug, the article's own", async () => {
    for (const path of ['/api/admin/comments', '/api/admin/comments?status=all&sort=oldest', '/api/admin/comments?status=all&q=interconnection']) {
      const { body } = await page<ModerationComment>(path);
      expect(body.items.length).toBeGreaterThan(0);
      const ids = [...new Set(body.items.map((c) => c.articleId))];
      const stored = await server.database.client.execute(`SELECT id, title, slug FROM articles WHERE id IN (${ids.join(',')})`);
      const byId = new Map(stored.rows.map((r) => [Number(r['id']), { title: r['title'] as string, slug: r['slug'] as string }]));
      for (const c of body.items) expect({ title: c.articleTitle, slug: c.articleSlug }).toEqual(byId.get(c.articleId));
    }
    const [first] = (await page<ModerationComment>('/api/admin/comments')).body.items;
    const one = await api.call('GET', `/api/admin/comments/${first?.id}`, { cookie });
    expect(one.json).toMatchObject({ articleTitle: first?.articleTitle, articleSlug: first?.articleSlug });
  });

  it('approves and deletes comments in bulk, counting ids that were gone, and keeps the totals right', async () => {
    const pending = await page<ModerationComment>('/api/admin/comments');
    const before = (await api.call('GET', '/api/admin/counts', { cookie })).json as unknown as AdminCounts;
    const ids = pending.body.items.slice(0, 10).map((c) => c.id);
    const approve = await api.call('POST', '/api/admin/comments/bulk', { body: { action: 'approve', ids: [...ids, 999_999_999] }, cookie });
    expect(approve.json).toEqual({ changed: 10, notFound: 1 });
    const approvedRows = await server.database.client.execute(`SELECT count(*) AS n FROM comments WHERE approved = 1 AND id IN (${ids.join(',')})`);
    expect(Number(approvedRows.rows[0]?.['n'])).toBe(10);
    const remove = await api.call('POST', '/api/admin/comments/bulk', {
      body: { action: 'delete', ids: pending.body.items.slice(10, 15).map((c) => c.id) },
      cookie,
    });
    expect(remove.json).toEqual({ changed: 5, notFound: 0 });
    const after = (await api.call('GET', '/api/admin/counts', { cookie })).json as unknown as AdminCounts;
    expect(after.pendingComments).toBe(before.pendingComments - 15);
    const bad = await api.call('POST', '/api/admin/comments/bulk', { body: { action: 'approve', ids: [] }, cookie });
    expect(bad.status).toBe(400);
    expect(bad.json['errors']).toHaveProperty('ids');
    // Deleting an article takes its comments and their counts with it.
    const articleId = pending.body.items[20]?.articleId ?? 1;
    const its = await server.database.client.execute({
      sql: 'SELECT count(*) AS n FROM comments WHERE article_id = ? AND approved = 0',
      args: [articleId],
    });
    expect((await api.call('DELETE', `/api/articles/${articleId}`, { cookie })).status).toBe(204);
    const afterDelete = (await api.call('GET', '/api/admin/counts', { cookie })).json as unknown as AdminCounts;
    expect(afterDelete.pendingComments).toBe(after.pendingComments - Number(its.rows[0]?.['n']));
  });

  it('pages, searches and bulk-changes contact messages, the list carrying a preview and the message one request away', async () => {
    const all = await page<AdminMessage>('/api/admin/messages');
    expect(all.body.total).toBe(120);
    expect(all.body.items).toHaveLength(50);
    const long = all.body.items.find((m) => m.truncated);
    expect(long?.message.length).toBe(400);
    const full = await api.call('GET', `/api/admin/messages/${long?.id}`, { cookie });
    expect((full.json['message'] as string).length).toBe(2_000);
    const unhandled = await page<AdminMessage>('/api/admin/messages?status=unhandled');
    expect(unhandled.body.total).toBe(90);
    const searched = await page<AdminMessage>('/api/admin/messages?q=transmission');
    expect(searched.body.items.map((m) => m.subject)).toEqual(['Transmission queue question']);
    const ids = unhandled.body.items.slice(0, 3).map((m) => m.id);
    expect((await api.call('POST', '/api/admin/messages/bulk', { body: { action: 'handled', ids }, cookie })).json).toEqual({
      changed: 3,
      notFound: 0,
    });
    expect(((await api.call('GET', '/api/admin/counts', { cookie })).json as unknown as AdminCounts).unhandledMessages).toBe(87);
  });

  it('pages the analytics content, 50 at a time, newest first, so no item is out of reach', async () => {
    const now = Date.now();
    await server.database.db.insert(analyticsContent).values(
      Array.from({ length: 60 }, (_, i) => ({
        title: `Weekly gas storage note ${i}`,
        type: 'insight' as const,
        content: `Storage note ${i}`,
        metadata: {},
        createdAt: new Date(now - i * 3_600_000),
        updatedAt: new Date(now - i * 3_600_000),
      })),
    );
    const [stored] = await server.database.db.select({ n: count() }).from(analyticsContent);
    const first = await page<AnalyticsContentItem>('/api/admin/analytics-content');
    expect(first.body).toMatchObject({ page: 1, pageSize: 50, total: stored?.n });
    expect(first.body.items).toHaveLength(50);
    expect(first.body.items[0]?.title).toBe('Weekly gas storage note 0');
    const last = await page<AnalyticsContentItem>(`/api/admin/analytics-content?page=${Math.ceil((stored?.n ?? 0) / 50)}`);
    expect(last.body.items.length).toBeGreaterThan(0);
    const seen = new Set([...first.body.items, ...last.body.items].map((i) => i.id));
    expect(seen.size).toBe(first.body.items.length + last.body.items.length);
    expectNewestFirst([...first.body.items, ...last.body.items], (i) => i.createdAt);
    expect((await api.call('GET', '/api/admin/analytics-content')).status).toBe(401);
    expect((await api.call('GET', '/api/admin/analytics-content?page=0', { cookie })).status).toBe(200);
  });

  it('serves every admin list and count from an index, never a full scan of articles or comments', async () => {
    const articleQueries = await import('@/server/queries/admin-articles');
    const commentQueries = await import('@/server/queries/comments');
    const { db, plans } = planRecorder(server);
    const now = new Date();
    for (const status of ['all', 'draft', 'published', 'scheduled'] as const) {
      for (const sort of ['newest', 'oldest', 'title'] as const) {
        await articleQueries.listAdminArticleRows({ filter: { status, now }, sort, limit: 50, offset: 100 }, db);
        await articleQueries.listAdminArticleRows({ filter: { status, now, categoryId: 2 }, sort, limit: 50, offset: 100 }, db);
      }
      await articleQueries.countAdminArticles({ status, now }, undefined, db);
      await articleQueries.countAdminArticles({ status, now, categoryId: 2 }, undefined, db);
      await articleQueries.listAdminArticleRows({ filter: { status, now, q: 'gas' }, sort: 'newest', limit: 50, offset: 0 }, db);
      await articleQueries.countAdminArticles({ status, now, q: 'gas' }, 1_000, db);
    }
    for (const status of ['all', 'pending', 'approved'] as const) {
      for (const sort of ['newest', 'oldest'] as const)
        await commentQueries.listModerationComments({ filter: { status }, sort, limit: 50, offset: 200 }, db);
      await commentQueries.listModerationComments({ filter: { status, articleId: 3 }, sort: 'oldest', limit: 50, offset: 0 }, db);
      await commentQueries.listModerationComments({ filter: { status, articleId: 3 }, sort: 'newest', limit: 50, offset: 0 }, db);
      await commentQueries.countModerationComments({ status, articleId: 3 }, undefined, db);
      await commentQueries.listModerationComments({ filter: { status, q: 'storage' }, sort: 'newest', limit: 50, offset: 0 }, db);
      await commentQueries.countModerationComments({ status, q: 'storage' }, 1_000, db);
    }
    const analyticsQueries = await import('@/server/queries/analytics-content');
    await analyticsQueries.listAnalyticsContent(50, 50, db);
    expect(plans.length).toBeGreaterThan(40);
    expect(fullScans(plans)).toEqual([]);
    // Each page in an index's order: a deep page never sorts the whole table.
    expect(sortedPages(plans)).toEqual([]);
    // A page's articles are joined by primary key to its (at most 50) comment ids: no article index walk, no sort.
    const joins = plans.filter(({ sql }) => /"articles"\."title"/.test(sql) && /from "comments"/.test(sql));
    expect(joins.length).toBeGreaterThan(10);
    for (const { sql, plan } of joins) {
      expect(plan, sql).toContainEqual(expect.stringMatching(/^SEARCH comments USING INTEGER PRIMARY KEY \(rowid=\?\)$/));
      expect(plan, sql).toContainEqual(expect.stringMatching(/^SEARCH articles USING INTEGER PRIMARY KEY \(rowid=\?\)$/));
      expect(
        plan.filter((line) => /TEMP B-TREE/.test(line)),
        sql,
      ).toEqual([]);
    }
  });
});

describe('the moderation endpoints', () => {
  it('refuse anonymous callers', async () => {
    for (const path of ['/api/admin/comments/bulk', '/api/admin/messages/bulk']) {
      expect((await api.call('POST', path, { body: { action: 'delete', ids: [1] } })).status).toBe(401);
    }
    expect((await api.call('GET', '/api/admin/counts')).status).toBe(401);
    expect((await api.call('GET', '/api/admin/articles/1')).status).toBe(401);
    expect(await server.database.db.select({ id: comments.id }).from(comments).where(eq(comments.id, 1))).toEqual([{ id: 1 }]);
    expect(await server.database.db.select({ id: articles.id }).from(articles).limit(1)).toHaveLength(1);
  });
});
