import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '@db/schema';
import { bumpContentVersion } from '@/server/queries/site-state';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string) => fetch(`${server.url}${path}`);
const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');

describe('generated share images', () => {
  it('gives an article without an image a generated one of 1200 × 630, cached for good at its current version', async () => {
    const db = server.database.db;
    const [first, second] = await db.select({ id: articles.id, slug: articles.slug }).from(articles).where(eq(articles.status, 'published')).limit(2);
    if (!first || !second) throw new Error('no seeded articles');
    await db.update(articles).set({ imageUrl: null, socialImageUrl: null }).where(eq(articles.id, first.id));
    await db.update(articles).set({ imageUrl: null, socialImageUrl: null }).where(eq(articles.id, second.id));
    await bumpContentVersion(db);

    const html = await (await get(`/article/${first.slug}`)).text();
    const image = meta(html, 'og:image') ?? '';
    expect(image).toMatch(new RegExp(`/og/article/${first.slug}\\.png\\?v=[0-9a-f]{12}$`));
    expect(meta(html, 'twitter:image')).toBe(image);
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    expect(meta(html, 'og:image:alt')).toBeTruthy();

    const path = new URL(image).pathname + new URL(image).search;
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const png = Buffer.from(await res.arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    // Another version (an old link) gets today's image, briefly cached.
    expect((await get(`/og/article/${first.slug}.png?v=000000000000`)).headers.get('cache-control')).toBe('public, max-age=300');

    const other = Buffer.from(await (await get(`/og/article/${second.slug}.png`)).arrayBuffer());
    expect(other.equals(png)).toBe(false);
  });

  it('changes the address when the title changes', async () => {
    const db = server.database.db;
    const [row] = await db.select({ id: articles.id, slug: articles.slug }).from(articles).where(eq(articles.status, 'published')).limit(1);
    if (!row) throw new Error('no seeded articles');
    await db.update(articles).set({ imageUrl: null, socialImageUrl: null }).where(eq(articles.id, row.id));
    await bumpContentVersion(db);
    const before = meta(await (await get(`/article/${row.slug}`)).text(), 'og:image');
    await db.update(articles).set({ title: 'A title changed for its share image' }).where(eq(articles.id, row.id));
    await bumpContentVersion(db);
    const after = meta(await (await get(`/article/${row.slug}`)).text(), 'og:image');
    expect(after).not.toBe(before);
  });

  it('keeps the editor’s images when there are any', async () => {
    const db = server.database.db;
    const [row] = await db.select({ id: articles.id, slug: articles.slug }).from(articles).where(eq(articles.status, 'published')).limit(1).offset(5);
    if (!row) throw new Error('no seeded articles');
    await db.update(articles).set({ imageUrl: '/images/lead.jpg', socialImageUrl: null }).where(eq(articles.id, row.id));
    await bumpContentVersion(db);
    expect(meta(await (await get(`/article/${row.slug}`)).text(), 'og:image')).toBe(
      new URL('/images/lead.jpg', meta(await (await get('/')).text(), 'og:url')).href,
    );
  });

  it('answers 404 for a draft, a scheduled article and an unknown slug: no unpublished title leaks', async () => {
    const db = server.database.db;
    const [row] = await db.select({ id: articles.id, slug: articles.slug }).from(articles).where(eq(articles.status, 'published')).limit(1).offset(8);
    if (!row) throw new Error('no seeded articles');
    await db.update(articles).set({ status: 'draft' }).where(eq(articles.id, row.id));
    await bumpContentVersion(db);
    expect((await get(`/og/article/${row.slug}.png`)).status).toBe(404);
    await db
      .update(articles)
      .set({ status: 'published', publishedAt: new Date(Date.now() + 86_400_000) })
      .where(eq(articles.id, row.id));
    await bumpContentVersion(db);
    expect((await get(`/og/article/${row.slug}.png`)).status).toBe(404);
    expect((await get('/og/article/no-such-article.png')).status).toBe(404);
  });
});
