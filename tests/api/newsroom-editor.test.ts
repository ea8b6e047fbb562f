import { createHmac, hkdfSync } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articleAutosaves, articleRevisions, articles, rateLimitEvents, scheduledJobs, siteState } from '@db/schema';
import * as articleQueries from '@/server/queries/articles';
import * as revisionQueries from '@/server/queries/article-revisions';
import { startFakeRebuildHook } from '../fakes/rebuild-hook.ts';
import { apiClient } from '../helpers/api-client.ts';
import { fullScans, planRecorder, planShapes, sortedPages } from '../helpers/query-plans.ts';
import { useFake } from '../helpers/suite.ts';
import { useTestServer } from '../helpers/test-server.ts';

// The newsroom editor's server side: revisions, stale saves, autosave, preview links, search fields, scheduled publishing (dated corrections: corrections.test.ts).
const PASSWORD = 'correct-horse-battery-staple';
const APP_SECRET = 'a'.repeat(48);
const hook = useFake(startFakeRebuildHook);
// Two web processes on one database: both run the scheduled jobs, and either may answer a request.
const server = useTestServer(() => ({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true', WEB_CONCURRENCY: '2', APP_SECRET, REBUILD_HOOK_URL: hook.url }));
const { call, signIn, currentPage } = apiClient(server, PASSWORD);
let cookie: string;
beforeAll(async () => (cookie = await signIn()));

beforeEach(async () => {
  await server.database.db.delete(rateLimitEvents);
});

let slugs = 0;
const story = (overrides: Record<string, unknown> = {}) => ({
  title: 'Grid operators brace for record winter demand',
  slug: `editor-story-${++slugs}-${Date.now()}`,
  excerpt: 'Reserve margins look thin in three regions.',
  content: '<p>Planners expect record peaks.</p><p>Gas storage is ample.</p>',
  author: 'Desk Editor',
  categoryId: 3,
  ...overrides,
});

type Json = Record<string, unknown>;
const create = async (overrides: Record<string, unknown> = {}) => {
  const res = await call('POST', '/api/articles', { cookie, body: story(overrides) });
  expect(res.status).toBe(201);
  return res.json as Json & { id: number; slug: string; updatedAt: string };
};
const patch = (id: number, body: Json) => call('PATCH', `/api/articles/${id}`, { cookie, body });
const revisions = async (id: number) => {
  const res = await call('GET', `/api/admin/articles/${id}/revisions`, { cookie });
  expect(res.status).toBe(200);
  return res.json as { items: (Json & { id: number; action: string; changedFields: string[] })[]; total: number };
};
const contentVersion = async () => (await server.database.db.select().from(siteState).where(eq(siteState.key, 'content_version')))[0]?.value ?? '0';
const revisionCount = async () => (await server.database.db.select({ n: count() }).from(articleRevisions))[0]?.n ?? 0;

describe('revisions', () => {
  it('keeps every save with who, when and what changed, newest first', async () => {
    const article = await create();
    const first = await patch(article.id, { title: 'Grid operators brace for a record winter' });
    expect(first.status).toBe(200);
    expect((await patch(article.id, { content: '<p>Planners expect record peaks.</p><p>Gas storage is tight.</p>' })).status).toBe(200);
    const list = await revisions(article.id);
    expect(list.total).toBe(3);
    expect(list.items.map((r) => r.action)).toEqual(['updated', 'updated', 'created']);
    expect(list.items[0]).toMatchObject({ username: 'admin', changedFields: ['content'], title: 'Grid operators brace for a record winter' });
    expect(list.items[1]?.changedFields).toEqual(['title']);
    expect(list.items[2]?.changedFields).toContain('slug');
    expect(new Date(String(list.items[0]?.createdAt)).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('shows a revision against the current text, line by line, with the fields that differ', async () => {
    const article = await create();
    await patch(article.id, {
      title: 'Storage is tight',
      content: '<p>Planners expect record peaks.</p><h2>Outlook</h2><p>Gas storage is tight.</p>',
    });
    const created = (await revisions(article.id)).items.at(-1);
    const res = await call('GET', `/api/admin/articles/${article.id}/revisions/${created?.id}`, { cookie });
    expect(res.status).toBe(200);
    expect(res.json['fields']).toEqual([{ field: 'title', revision: 'Grid operators brace for record winter demand', current: 'Storage is tight' }]);
    expect(res.json['content']).toEqual([
      { op: 'same', text: 'Planners expect record peaks.' },
      { op: 'del', text: 'Gas storage is ample.' },
      { op: 'add', text: '## Outlook' },
      { op: 'add', text: 'Gas storage is tight.' },
    ]);
    expect((res.json['revision'] as Json)['snapshot']).toMatchObject({ title: 'Grid operators brace for record winter demand' });
  });

  it('restores any revision, keeping the restore as a revision of its own', async () => {
    const article = await create();
    await patch(article.id, { title: 'A rewrite', excerpt: 'Changed excerpt.', content: '<p>All new.</p>' });
    const created = (await revisions(article.id)).items.at(-1);
    const res = await call('POST', `/api/admin/articles/${article.id}/revisions/${created?.id}/restore`, { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ title: story().title, excerpt: story().excerpt, content: story().content });
    const list = await revisions(article.id);
    expect(list.items[0]).toMatchObject({ action: 'restored' });
    expect(list.items[0]?.changedFields).toEqual(['title', 'excerpt', 'content']);
    // The text replaced by the restore is still there to go back to.
    expect(list.items.find((r) => r.title === 'A rewrite')).toBeDefined();
  });

  it('restores the content of a revision, never its publication state: a live article stays live where it is', async () => {
    const article = await create({ status: 'draft', title: 'First draft' });
    const publishedAt = '2026-01-15T14:30:45.123Z';
    const live = await patch(article.id, {
      title: 'Final headline',
      status: 'published',
      publishedAt,
      featured: true,
      slug: `${article.slug}-final`,
    });
    expect(live.status).toBe(200);
    const draft = (await revisions(article.id)).items.at(-1);
    expect(draft).toMatchObject({ action: 'created', title: 'First draft' });
    // What a restore would change is what the comparison lists.
    const diff = await call('GET', `/api/admin/articles/${article.id}/revisions/${draft?.id}`, { cookie });
    expect((diff.json['fields'] as { field: string }[]).map((f) => f.field)).toEqual(['title']);

    const res = await call('POST', `/api/admin/articles/${article.id}/revisions/${draft?.id}/restore`, { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ title: 'First draft', status: 'published', publishedAt, featured: true, slug: `${article.slug}-final` });
    expect((await revisions(article.id)).items[0]).toMatchObject({ action: 'restored', changedFields: ['title'] });
    const page = await fetch(`${server.url}/api/articles/${article.slug}-final`);
    expect(page.status).toBe(200);
    expect(((await page.json()) as Json)['title']).toBe('First draft');
  });

  it('keeps the text an article had before its history began, on its first save', async () => {
    const [seeded] = await server.database.db.select().from(articles).where(eq(articles.id, 1));
    const res = await patch(1, { title: 'Edited seeded story' });
    expect(res.status).toBe(200);
    const list = await revisions(1);
    expect(list.items.map((r) => r.action)).toEqual(['updated', 'baseline']);
    const restored = await call('POST', `/api/admin/articles/1/revisions/${list.items[1]?.id}/restore`, { cookie });
    expect(restored.json).toMatchObject({ title: seeded?.title, content: seeded?.content });
  });

  it('answers 404 for a revision of another article, an unknown one, or an unknown article', async () => {
    const a = await create();
    const b = await create();
    const ofA = (await revisions(a.id)).items[0];
    for (const path of [
      `/api/admin/articles/${b.id}/revisions/${ofA?.id}`,
      `/api/admin/articles/${a.id}/revisions/999999`,
      `/api/admin/articles/${a.id}/revisions/abc`,
      '/api/admin/articles/999999/revisions',
    ]) {
      const res = await call('GET', path, { cookie });
      expect(res.status, path).toBe(404);
      expect(res.json['message']).toMatch(/not found/);
    }
    const before = await revisionCount();
    expect((await call('POST', `/api/admin/articles/${b.id}/revisions/${ofA?.id}/restore`, { cookie })).status).toBe(404);
    expect(await revisionCount()).toBe(before);
  });

  it('refuses the history to anyone not signed in', async () => {
    const a = await create();
    expect((await call('GET', `/api/admin/articles/${a.id}/revisions`)).status).toBe(401);
    expect((await call('POST', `/api/admin/articles/${a.id}/revisions/1/restore`)).status).toBe(401);
    expect((await call('POST', `/api/admin/articles/${a.id}/preview`)).status).toBe(401);
    expect((await call('GET', `/api/admin/autosaves/${a.id}`)).status).toBe(401);
  });
});

describe("saving over someone else's save", () => {
  it('answers 409 with a clear message to a save started from an older version, and changes nothing', async () => {
    const article = await create();
    const other = await patch(article.id, { title: 'Saved in another tab', expectedUpdatedAt: article.updatedAt });
    expect(other.status).toBe(200);
    const before = await revisionCount();
    const stale = await patch(article.id, { title: 'Mine', expectedUpdatedAt: article.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.json['message']).toMatch(/saved by someone else .* Reload .* overwrite/);
    const [row] = await server.database.db.select({ title: articles.title }).from(articles).where(eq(articles.id, article.id));
    expect(row?.title).toBe('Saved in another tab');
    expect(await revisionCount()).toBe(before);
    // Overwriting is a save without the check; a save from the current version passes it.
    expect((await patch(article.id, { title: 'Mine' })).status).toBe(200);
    const current = (await call('GET', `/api/admin/articles/${article.id}`, { cookie })).json;
    expect((await patch(article.id, { title: 'Mine again', expectedUpdatedAt: current['updatedAt'] })).status).toBe(200);
  });

  it('refuses a restore over a newer save the same way', async () => {
    const article = await create();
    await patch(article.id, { title: 'Newer' });
    const created = (await revisions(article.id)).items.at(-1);
    const res = await call('POST', `/api/admin/articles/${article.id}/revisions/${created?.id}/restore`, {
      cookie,
      body: { expectedUpdatedAt: article.updatedAt },
    });
    expect(res.status).toBe(409);
  });

  it('answers 400 to an expected version that is no date', async () => {
    const article = await create();
    const res = await patch(article.id, { title: 'x', expectedUpdatedAt: 'yesterday' });
    expect(res.status).toBe(400);
    expect(res.json['errors']).toHaveProperty('expectedUpdatedAt');
  });
});

describe('autosave', () => {
  it('keeps the open editor of an article for recovery, and drops it once the article is saved', async () => {
    const article = await create();
    const values = { title: 'Half-written headline', content: '<p>Unsaved words</p><script>x()</script>', categoryId: '3', featured: false };
    const put = await call('PUT', `/api/admin/autosaves/${article.id}`, { cookie, body: { values, baseUpdatedAt: article.updatedAt } });
    expect(put.status).toBe(200);
    expect(put.json['stale']).toBe(false);
    const got = (await call('GET', `/api/admin/autosaves/${article.id}`, { cookie })).json['autosave'] as Json;
    expect(got).toMatchObject({
      articleId: article.id,
      baseUpdatedAt: article.updatedAt,
      values: { title: 'Half-written headline', content: '<p>Unsaved words</p>' },
    });
    expect(new Date(String(got['savedAt'])).getTime()).toBeGreaterThan(new Date(article.updatedAt).getTime());
    expect((await patch(article.id, { title: 'Saved headline' })).status).toBe(200);
    expect((await call('GET', `/api/admin/autosaves/${article.id}`, { cookie })).json).toEqual({ autosave: null });
  });

  it('tells an autosave that the article was saved elsewhere since the editor opened it', async () => {
    const article = await create();
    await patch(article.id, { title: 'Saved in the other tab' });
    const put = await call('PUT', `/api/admin/autosaves/${article.id}`, {
      cookie,
      body: { values: { title: 'Mine' }, baseUpdatedAt: article.updatedAt },
    });
    expect(put.json['stale']).toBe(true);
  });

  it('keeps the new article being written, until it is created', async () => {
    expect(
      (await call('PUT', '/api/admin/autosaves/new', { cookie, body: { values: { title: 'Brand new', content: '<p>Draft</p>' } } })).status,
    ).toBe(200);
    expect((await call('GET', '/api/admin/autosaves/new', { cookie })).json['autosave']).toMatchObject({
      articleId: null,
      values: { title: 'Brand new' },
    });
    await create();
    expect((await call('GET', '/api/admin/autosaves/new', { cookie })).json).toEqual({ autosave: null });
  });

  it('discards an autosave on request', async () => {
    const article = await create();
    await call('PUT', `/api/admin/autosaves/${article.id}`, { cookie, body: { values: { title: 'x' } } });
    expect((await call('DELETE', `/api/admin/autosaves/${article.id}`, { cookie })).status).toBe(204);
    expect((await call('GET', `/api/admin/autosaves/${article.id}`, { cookie })).json).toEqual({ autosave: null });
  });

  it('answers 404 for an unknown article and 400 for a bad body, storing nothing', async () => {
    const before = (await server.database.db.select({ n: count() }).from(articleAutosaves))[0]?.n;
    expect((await call('PUT', '/api/admin/autosaves/999999', { cookie, body: { values: {} } })).status).toBe(404);
    expect((await call('PUT', '/api/admin/autosaves/abc', { cookie, body: { values: {} } })).status).toBe(404);
    const bad = await call('PUT', '/api/admin/autosaves/new', { cookie, body: { values: { title: 42 } } });
    expect(bad.status).toBe(400);
    expect((await call('PUT', '/api/admin/autosaves/new', { cookie, body: { values: { content: 'x'.repeat(200_001) } } })).status).toBe(400);
    expect((await server.database.db.select({ n: count() }).from(articleAutosaves))[0]?.n).toBe(before);
  });
});

/** A preview token as the server signs it (HMAC-SHA256 with the key derived from APP_SECRET). */
function signPreview(articleId: number, expiresAt: number): string {
  const key = Buffer.from(hkdfSync('sha256', APP_SECRET, 'energy-site', 'stored-secrets-v1', 32));
  const body = `${articleId}.${expiresAt.toString(36)}`;
  return `${body}.${createHmac('sha256', key).update(`article-preview-v1\u0000${body}`).digest('base64url')}`;
}

describe('preview links', () => {
  it('open a draft on the real article page, kept out of search engines and every cache', async () => {
    const draft = await create({ status: 'draft', title: 'Embargoed: the winter outlook' });
    expect((await call('GET', `/article/${draft.slug}`)).status).toBe(404);
    const link = await call('POST', `/api/admin/articles/${draft.id}/preview`, { cookie });
    expect(link.status).toBe(201);
    const url = new URL(String(link.json['url']));
    expect(url.pathname).toBe(`/article/${draft.slug}`);
    expect(new Date(String(link.json['expiresAt'])).getTime()).toBeGreaterThan(Date.now() + 3_600_000);
    for (let i = 0; i < 2; i++) {
      const page = await call('GET', `${url.pathname}${url.search}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Embargoed: the winter outlook');
      expect(page.text).toContain('not published yet');
      expect(page.text).toContain('<meta name="robots" content="noindex"');
      expect(page.headers.get('X-Robots-Tag')).toMatch(/noindex/);
      expect(page.headers.get('Cache-Control')).toBe('private, no-store');
      expect(page.headers.get('ETag')).toBeNull();
    }
    // The public address still shows nothing: the preview was never stored as the article's page.
    expect((await call('GET', `/article/${draft.slug}`)).status).toBe(404);
  });

  it('open a scheduled article before its time', async () => {
    const scheduled = await create({ publishedAt: new Date(Date.now() + 86_400_000).toISOString(), title: 'Tomorrow’s story' });
    expect((await call('GET', `/article/${scheduled.slug}`)).status).toBe(404);
    const page = await call('GET', `/article/${scheduled.slug}?preview=${signPreview(scheduled.id, Date.now() + 60_000)}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Tomorrow’s story');
  });

  it('refuse an expired link with 410 and a wrong one with 404, neither cached', async () => {
    const draft = await create({ status: 'draft' });
    const expired = await call('GET', `/article/${draft.slug}?preview=${signPreview(draft.id, Date.now() - 1_000)}`);
    expect(expired.status).toBe(410);
    expect(expired.text).toContain('This preview link has expired');
    expect(expired.text).not.toContain(story().excerpt);
    const good = signPreview(draft.id, Date.now() + 60_000);
    const other = await create({ status: 'draft' });
    for (const token of [
      `${good.slice(0, -2)}xx`,
      signPreview(draft.id, Date.now() + 60_000).replace(`${draft.id}.`, `${other.id}.`),
      'nonsense',
      '',
    ]) {
      const page = await call('GET', `/article/${draft.slug}?preview=${encodeURIComponent(token)}`);
      expect(page.status, token).toBe(404);
      expect(page.text).toContain('This preview link is not valid');
      expect(page.headers.get('Cache-Control')).toBe('private, no-store');
    }
  });

  it('are revoked by the editor: every link made so far answers 404, and a new one opens the article', async () => {
    const draft = await create({ status: 'draft', title: 'Embargoed: the rate case' });
    const first = new URL(String((await call('POST', `/api/admin/articles/${draft.id}/preview`, { cookie })).json['url']));
    const second = new URL(String((await call('POST', `/api/admin/articles/${draft.id}/preview`, { cookie })).json['url']));
    const signedEarlier = signPreview(draft.id, Date.now() + 60_000);
    expect((await call('GET', `${first.pathname}${first.search}`)).status).toBe(200);

    expect((await call('DELETE', `/api/admin/articles/${draft.id}/preview`)).status).toBe(401);
    const revoked = await call('DELETE', `/api/admin/articles/${draft.id}/preview`, { cookie });
    expect(revoked.status).toBe(204);
    // Either web process answers: the revocation is in the database, not in one process's memory.
    for (const path of [
      `${first.pathname}${first.search}`,
      `${second.pathname}${second.search}`,
      `/article/${draft.slug}?preview=${signedEarlier}`,
    ]) {
      for (let i = 0; i < 2; i++) {
        const page = await call('GET', path);
        expect(page.status, path).toBe(404);
        expect(page.text).toContain('This preview link is not valid');
        expect(page.text).not.toContain('Embargoed: the rate case');
      }
    }
    const fresh = new URL(String((await call('POST', `/api/admin/articles/${draft.id}/preview`, { cookie })).json['url']));
    const page = await call('GET', `${fresh.pathname}${fresh.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Embargoed: the rate case');
    expect((await call('DELETE', '/api/admin/articles/999999/preview', { cookie })).status).toBe(404);
  });
});

const meta = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');

describe('search and sharing fields', () => {
  it('put the meta title, description and social image in the article page head', async () => {
    const article = await create({
      metaTitle: 'Winter demand: grid record ahead',
      metaDescription: 'Three regions run thin reserve margins this winter.',
      socialImageUrl: '/images/social-card.jpg',
    });
    expect(article).toMatchObject({ metaTitle: 'Winter demand: grid record ahead', socialImageUrl: '/images/social-card.jpg' });
    const html = (await call('GET', `/article/${article.slug}`)).text;
    expect(html).toContain('<title>Winter demand: grid record ahead | ');
    expect(meta(html, 'property', 'og:title')).toBe('Winter demand: grid record ahead');
    expect(meta(html, 'name', 'twitter:title')).toBe('Winter demand: grid record ahead');
    expect(meta(html, 'name', 'description')).toBe('Three regions run thin reserve margins this winter.');
    expect(meta(html, 'property', 'og:description')).toBe('Three regions run thin reserve margins this winter.');
    expect(meta(html, 'property', 'og:image')).toBe('http://localhost:4321/images/social-card.jpg');
    expect(meta(html, 'name', 'twitter:image')).toBe('http://localhost:4321/images/social-card.jpg');
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    // The page itself still shows the article's own title.
    expect(html).toContain(`>${story().title}</h1>`);
  });

  it('fall back to the title, excerpt and image, also after being cleared', async () => {
    const article = await create({ imageUrl: 'https://images.example.com/grid.jpg', metaTitle: 'Short title' });
    expect((await patch(article.id, { metaTitle: '' })).json['metaTitle']).toBeNull();
    const html = (await call('GET', `/article/${article.slug}`)).text;
    expect(meta(html, 'property', 'og:title')).toBe(story().title);
    expect(meta(html, 'property', 'og:description')).toBe(story().excerpt);
    expect(meta(html, 'property', 'og:image')).toBe('https://images.example.com/grid.jpg');
  });

  it('refuse a social image that is no web address', async () => {
    const res = await call('POST', '/api/articles', { cookie, body: story({ socialImageUrl: 'javascript:alert(1)' }) });
    expect(res.status).toBe(400);
    expect(res.json['errors']).toHaveProperty('socialImageUrl');
  });
});

describe('scheduled publishing', () => {
  it('at the due time shows the article, refreshes cached pages and calls the rebuild hook once, with two web processes', async () => {
    const due = Date.now() + 10_000;
    const article = await create({ publishedAt: new Date(due).toISOString(), title: 'Scheduled: storage report' });
    expect((await call('GET', `/article/${article.slug}`)).status).toBe(404);
    // The topic page, cached by both processes before the time comes, does not list it yet.
    for (let i = 0; i < 4; i++) expect((await call('GET', '/category/utilities')).text).not.toContain('Scheduled: storage report');
    const version = await contentVersion();
    const published = () => hook.calls().filter((c) => c['action'] === 'published' && (c['ids'] as number[]).includes(article.id));
    await expect.poll(published, { timeout: 60_000, interval: 500 }).toHaveLength(1);
    expect(published()[0]).toMatchObject({ event: 'content.changed', entity: 'article', action: 'published', ids: [article.id] });
    expect((await call('GET', `/article/${article.slug}`)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await currentPage('/category/utilities')).text).toContain('Scheduled: storage report');
    // Cached pages of every process are keyed to the content version, which moved on.
    expect(Number(await contentVersion())).toBeGreaterThan(Number(version));
    // The job's next run does not announce it again.
    const job = async () => (await server.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'scheduled-publishing')))[0];
    const announcedBy = (await job())?.lastFinishedAt?.getTime() ?? 0;
    await expect.poll(async () => (await job())?.lastFinishedAt?.getTime() ?? 0, { timeout: 60_000, interval: 500 }).toBeGreaterThan(announcedBy);
    expect(published()).toHaveLength(1);
  }, 150_000);
});

describe('at newsroom size', () => {
  it('pages an article history and finds articles fallen due from indexes, never scanning or sorting a table', async () => {
    const { db, plans } = planRecorder(server);
    await revisionQueries.listArticleRevisions(1, 50, 100, db);
    await revisionQueries.countArticleRevisions(1, db);
    await articleQueries.listArticlesFallenDue(new Date(Date.now() - 60_000), new Date(), db);
    expect(planShapes(plans)).toEqual([
      'SEARCH article_revisions USING INDEX (article_id=?)',
      'SEARCH article_revisions USING INDEX (article_id=?)',
      'SEARCH articles USING INDEX (status=? AND published_at>? AND published_at<?) | SEARCH categories USING INTEGER PRIMARY KEY (rowid=?) | SEARCH authors USING INTEGER PRIMARY KEY (rowid=?) LEFT-JOIN',
    ]);
    expect(fullScans(plans)).toEqual([]);
    expect(sortedPages(plans)).toEqual([]);
  });
});
