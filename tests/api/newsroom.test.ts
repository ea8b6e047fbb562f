import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articles, authors, categories, rateLimitEvents } from '@db/schema';
import type { ArticleSummary, Author } from '@/lib/wire/articles';
import { apiClient } from '../helpers/api-client.ts';
import { fetchCurrent, purgeEveryPage } from '../helpers/purge.ts';
import { useTestServer } from '../helpers/test-server.ts';

const PASSWORD = 'newsroom-test-password-42';
const server = useTestServer({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true' });
const { call, signIn } = apiClient(server, PASSWORD);
let cookie: string;
beforeAll(async () => (cookie = await signIn()));

beforeEach(async () => {
  await server.database.db.delete(rateLimitEvents);
});

const get = (path: string) => fetchCurrent(`${server.url}${path}`);
const jsonLdOf = (html: string) =>
  JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? '{}') as { '@graph': Record<string, unknown>[] };

describe('authors in the panel', () => {
  it('refuses every author and category call without a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/authors'],
      ['POST', '/api/admin/authors'],
      ['GET', '/api/admin/authors/1'],
      ['PATCH', '/api/admin/authors/1'],
      ['DELETE', '/api/admin/authors/1'],
      ['GET', '/api/admin/categories'],
      ['PATCH', '/api/admin/categories/1'],
    ] as const) {
      const res = await call(method, path, method === 'POST' || method === 'PATCH' ? { body: { name: 'x' } } : {});
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.json).toEqual({ message: 'Unauthorized' });
    }
  });

  it('lists the seeded authors by name, paged, with the total, and finds them by part of the name', async () => {
    const res = await call('GET', '/api/admin/authors', { cookie });
    expect(res.status).toBe(200);
    const page = res.json as unknown as { items: Author[]; total: number; page: number; pageSize: number };
    expect(page.items.map((a) => a.name).slice(0, 3)).toEqual(['Dana Whitfield', 'Elena Park', 'Jordan Ellis']);
    expect(page).toMatchObject({ total: 8, page: 1, pageSize: 50 });
    const found = (await call('GET', '/api/admin/authors?q=KIM', { cookie })).json as unknown as { items: Author[]; total: number };
    expect(found.items.map((a) => a.name)).toEqual(['Rachel Kim']);
    expect((await call('GET', '/api/admin/authors?q=100%25', { cookie })).json).toMatchObject({ items: [], total: 0 });
    expect((await call('GET', '/api/admin/authors?page=2', { cookie })).json).toMatchObject({ items: [], page: 2 });
  });

  it('creates, reads, updates and deletes an author', async () => {
    const created = await call('POST', '/api/admin/authors', {
      cookie,
      body: {
        name: 'Ana Lucía Torres',
        slug: 'ana-lucia-torres',
        title: 'Grid Reporter',
        bio: 'Covers transmission.',
        photoUrl: 'https://images.example/ana.jpg',
        links: [{ label: 'Website', url: 'https://ana.example' }],
      },
    });
    expect(created.status).toBe(201);
    const author = created.json as unknown as Author;
    expect(author).toMatchObject({ name: 'Ana Lucía Torres', slug: 'ana-lucia-torres', links: [{ label: 'Website', url: 'https://ana.example' }] });
    expect((await call('GET', `/api/admin/authors/${author.id}`, { cookie })).json).toMatchObject({ title: 'Grid Reporter' });

    const updated = await call('PATCH', `/api/admin/authors/${author.id}`, {
      cookie,
      body: { bio: 'Covers transmission and storage.', photoUrl: '' },
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ bio: 'Covers transmission and storage.', photoUrl: null, title: 'Grid Reporter' });

    expect((await call('DELETE', `/api/admin/authors/${author.id}`, { cookie })).status).toBe(204);
    expect((await call('GET', `/api/admin/authors/${author.id}`, { cookie })).status).toBe(404);
    expect((await call('DELETE', `/api/admin/authors/${author.id}`, { cookie })).json).toEqual({ message: 'Author not found' });
  });

  it('answers field messages for invalid authors, never a 5xx', async () => {
    const bad = await call('POST', '/api/admin/authors', {
      cookie,
      body: { name: 'A', slug: 'Not A Slug', photoUrl: 'javascript:alert(1)', links: [{ label: 'x', url: 'ftp://files.example' }] },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json['errors'] as object).sort()).toEqual(['links', 'name', 'photoUrl', 'slug']);
    expect((bad.json['errors'] as Record<string, string[]>)['links']).toEqual(['Links must be http(s) addresses, such as https://example.com']);
    for (const body of [
      { links: 'https://x.example' },
      { links: [{ label: '', url: 'https://x.example' }] },
      { name: 42 },
      { title: 'x'.repeat(201) },
    ]) {
      const res = await call('PATCH', '/api/admin/authors/1', { cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('PATCH', '/api/admin/authors/999999', { cookie, body: { bio: 'x' } })).status).toBe(404);
    expect((await call('GET', '/api/admin/authors/abc', { cookie })).status).toBe(404);
  });

  it('refuses a taken slug or name with 409', async () => {
    const slug = await call('POST', '/api/admin/authors', { cookie, body: { name: 'Another Dana', slug: 'dana-whitfield' } });
    expect(slug.status).toBe(409);
    expect(slug.json).toEqual({ message: 'An author with this slug already exists', errors: { slug: ['An author with this slug already exists'] } });
    const name = await call('POST', '/api/admin/authors', { cookie, body: { name: 'Dana Whitfield', slug: 'dana-two' } });
    expect(name.status).toBe(409);
  });

  it('keeps an author with articles (409) and writes a new name into their bylines', async () => {
    const [dana] = await server.database.db.select().from(authors).where(eq(authors.slug, 'dana-whitfield'));
    const del = await call('DELETE', `/api/admin/authors/${dana!.id}`, { cookie });
    expect(del.status).toBe(409);
    expect(del.json['message']).toMatch(/^This author has \d+ articles\. Give them another author first\.$/);

    expect((await call('PATCH', `/api/admin/authors/${dana!.id}`, { cookie, body: { name: 'Dana W. Whitfield' } })).status).toBe(200);
    const bylines = await server.database.db.select({ author: articles.author }).from(articles).where(eq(articles.authorId, dana!.id));
    expect(bylines.length).toBeGreaterThan(0);
    expect(new Set(bylines.map((b) => b.author))).toEqual(new Set(['Dana W. Whitfield']));
    const api = (await (await get('/api/articles?limit=100&fields=summary')).json()) as ArticleSummary[];
    expect(api.filter((a) => a.authorSlug === 'dana-whitfield').every((a) => a.author === 'Dana W. Whitfield')).toBe(true);
    await call('PATCH', `/api/admin/authors/${dana!.id}`, { cookie, body: { name: 'Dana Whitfield' } });
  });

  it('gives a new article the author record of its byline, creating one for a new name', async () => {
    const [cat] = await server.database.db.select().from(categories).limit(1);
    const base = { excerpt: 'x', content: '<p>x</p>', categoryId: cat!.id };
    const known = await call('POST', '/api/articles', {
      cookie,
      body: { ...base, title: 'Known author', slug: 'known-author-story', author: 'Elena Park' },
    });
    expect(known.status).toBe(201);
    expect(known.json).toMatchObject({ author: 'Elena Park', authorSlug: 'elena-park' });
    const fresh = await call('POST', '/api/articles', {
      cookie,
      body: { ...base, title: 'New author', slug: 'new-author-story', author: "Seán O'Brien" },
    });
    expect(fresh.status).toBe(201);
    expect(fresh.json).toMatchObject({ author: "Seán O'Brien", authorSlug: 'sean-obrien' });
    const changed = await call('PATCH', `/api/articles/${fresh.json['id'] as number}`, { cookie, body: { author: 'Elena Park' } });
    expect(changed.json).toMatchObject({ author: 'Elena Park', authorSlug: 'elena-park' });
    // The public API's author stays the name.
    const pub = (await (await get('/api/articles/known-author-story')).json()) as ArticleSummary;
    expect(pub.author).toBe('Elena Park');
  });
});

describe('topic descriptions', () => {
  it('lists categories with descriptions and lets the editor change one; the topic page shows it at once', async () => {
    const list = await call('GET', '/api/admin/categories', { cookie });
    const cats = list.json as unknown as { id: number; slug: string; description: string }[];
    const coal = cats.find((c) => c.slug === 'coal')!;
    expect(coal.description).toMatch(/coal/i);
    const res = await call('PATCH', `/api/admin/categories/${coal.id}`, { cookie, body: { description: 'Mines, exports and plant closures.' } });
    expect(res.status).toBe(200);
    expect(await (await get('/category/coal')).text()).toContain('Mines, exports and plant closures.');
    const bad = await call('PATCH', `/api/admin/categories/${coal.id}`, { cookie, body: { description: 'x'.repeat(501) } });
    expect(bad.status).toBe(400);
    expect(bad.json['errors']).toEqual({ description: ['Description is at most 500 characters'] });
    expect((await call('PATCH', '/api/admin/categories/9999', { cookie, body: { description: 'x' } })).status).toBe(404);
  });
});

describe('topic pages', () => {
  it('shows every category with its name, newest articles, figures where they apply, and its feed', async () => {
    const cats = (await (await get('/api/categories')).json()) as { slug: string; name: string }[];
    for (const c of cats) {
      const res = await get(`/category/${c.slug}`);
      expect(res.status, c.slug).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<link rel="canonical" href="http://localhost:4321/category/${c.slug}"`);
      expect(html).toContain(`href="/category/${c.slug}/rss.xml"`);
      const newest = (await (await get(`/api/articles?category=${c.slug}&limit=1&fields=summary`)).json()) as ArticleSummary[];
      if (newest[0]) expect(html).toContain(`/article/${newest[0].slug}`);
    }
    const oil = await (await get('/category/oil-gas')).text();
    for (const name of ['WTI Crude Oil', 'Brent Crude Oil', 'Henry Hub Natural Gas']) expect(oil).toContain(name);
    expect(await (await get('/category/utilities')).text()).toMatch(/data-testid="topic-markets"[\s\S]*Electricity/);
    expect(await (await get('/category/nuclear')).text()).not.toContain('data-testid="topic-markets"');
  });

  it('answers 404 for an unknown topic, a malformed one and a page past the end', async () => {
    expect((await get('/category/no-such-topic')).status).toBe(404);
    expect((await get('/category/Bad_Slug')).status).toBe(404);
    expect((await get('/category/coal?page=999')).status).toBe(404);
    // Unreadable page numbers fall back to the first page.
    expect((await get('/category/coal?page=abc')).status).toBe(200);
  });

  it('names the topic page as canonical from /news?category=', async () => {
    const html = await (await get('/news?category=nuclear')).text();
    expect(html).toContain('<link rel="canonical" href="http://localhost:4321/category/nuclear"');
    expect(await (await get('/news')).text()).toContain('<link rel="canonical" href="http://localhost:4321/news"');
  });

  it('pages the archive to the first article with prev/next links', async () => {
    const [cat] = await server.database.db.select().from(categories).where(eq(categories.slug, 'renewables'));
    const [author] = await server.database.db.select().from(authors).where(eq(authors.slug, 'elena-park'));
    const start = Date.now() - 400 * 86_400_000;
    await server.database.db.insert(articles).values(
      Array.from({ length: 30 }, (_, i) => ({
        slug: `archive-renewables-${i}`,
        title: `Archive renewables story ${i}`,
        excerpt: 'From the archive.',
        content: '<p>Old.</p>',
        contentText: 'Old.',
        author: author!.name,
        authorId: author!.id,
        categoryId: cat!.id,
        publishedAt: new Date(start + i * 60_000),
      })),
    );
    await purgeEveryPage(server.database.db);
    const total = Number((await get('/api/articles?category=renewables&limit=1')).headers.get('X-Total-Count'));
    const last = Math.ceil(total / 12);
    expect(last).toBeGreaterThanOrEqual(3);
    const first = await (await get('/category/renewables')).text();
    expect(first).toContain(`href="/category/renewables?page=${last}"`);
    expect(first).toContain('<link rel="next" href="http://localhost:4321/category/renewables?page=2"');
    const end = await (await get(`/category/renewables?page=${last}`)).text();
    expect(end).toContain('archive-renewables-0'); // the oldest
    expect(end).toContain(`<link rel="prev" href="http://localhost:4321/category/renewables?page=${last - 1}"`);
    expect(end).not.toContain('rel="next"');
    // The author's archive pages the same way.
    const authorFirst = await (await get('/author/elena-park')).text();
    expect(authorFirst).toContain('href="/author/elena-park?page=2"');
    const authorLast = Math.max(...[...authorFirst.matchAll(/href="\/author\/elena-park\?page=(\d+)"/g)].map((m) => Number(m[1])));
    expect(authorLast).toBeGreaterThanOrEqual(3);
    const authorEnd = await (await get(`/author/elena-park?page=${authorLast}`)).text();
    expect(authorEnd).toContain('archive-renewables-0');
  });
});

describe('feeds', () => {
  const itemsOf = (xml: string) => [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1] ?? '');

  it('serves a valid RSS 2.0 feed per topic with its newest articles only', async () => {
    const res = await get('/category/oil-gas/rss.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><rss version="2.0"/);
    expect(xml).toContain('<atom:link href="http://localhost:4321/category/oil-gas/rss.xml" rel="self" type="application/rss+xml"/>');
    expect(xml).toContain('<link>http://localhost:4321/category/oil-gas</link>');
    const items = itemsOf(xml);
    const newest = (await (await get('/api/articles?category=oil-gas&limit=30&fields=summary')).json()) as ArticleSummary[];
    expect(items).toHaveLength(newest.length);
    expect(items.map((i) => i.match(/<link>(.*?)<\/link>/)?.[1])).toEqual(newest.map((a) => `http://localhost:4321/article/${a.slug}`));
    for (const item of items) {
      expect(item).toMatch(/<title>[^<]+<\/title>/);
      expect(item).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
      expect(item).toContain('<category>Oil &amp; Gas</category>');
    }
  });

  it('serves an author feed of their newest 30, with their byline on each item', async () => {
    const xml = await (await get('/author/elena-park/rss.xml')).text();
    const items = itemsOf(xml);
    expect(items).toHaveLength(30);
    expect(items.every((i) => i.includes('<dc:creator>Elena Park</dc:creator>'))).toBe(true);
    // Newest first: the archive stories from a year ago are past the newest 30 only in part.
    const dates = items.map((i) => Date.parse(i.match(/<pubDate>(.*?)<\/pubDate>/)?.[1] ?? ''));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('answers a JSON 404 for the feed of an unknown topic or author', async () => {
    for (const path of ['/category/nope/rss.xml', '/author/nobody/rss.xml', '/author/NOT_A_SLUG/rss.xml']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Content-Type')).toMatch(/application\/json/);
    }
  });
});

describe('author pages and bylines', () => {
  it('shows name, title, photo, bio, links and the archive, with ProfilePage data', async () => {
    const [rachel] = await server.database.db.select().from(authors).where(eq(authors.slug, 'rachel-kim'));
    await call('PATCH', `/api/admin/authors/${rachel!.id}`, {
      cookie,
      body: { photoUrl: '/images/articles/capitol.jpg', links: [{ label: 'Website', url: 'https://rachel.example/' }] },
    });
    const res = await get('/author/rachel-kim');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<h1\b[^>]*>Rachel Kim<\/h1>/);
    expect(html).toContain('Policy Correspondent');
    expect(html).toContain('src="/images/articles/capitol.jpg"');
    expect(html).toContain('href="https://rachel.example/"');
    expect(html).toContain('href="/author/rachel-kim/rss.xml"');
    const graph = jsonLdOf(html)['@graph'];
    expect(graph[0]).toMatchObject({
      '@type': 'ProfilePage',
      mainEntity: { '@type': 'Person', name: 'Rachel Kim', sameAs: ['https://rachel.example/'] },
    });
    expect((await get('/author/nobody')).status).toBe(404);
  });

  it('links bylines to the author page, and JSON-LD names its URL and the breadcrumbs', async () => {
    const html = await (await get('/article/henry-hub-futures-climb-on-early-winter-demand')).text();
    expect(html).toMatch(/href="\/author\/marcus-ortega" rel="author"[^>]*>\s*Marcus Ortega/);
    const graph = jsonLdOf(html)['@graph'];
    const article = graph.find((n) => n['@type'] === 'NewsArticle')!;
    expect(article['author']).toEqual([{ '@type': 'Person', name: 'Marcus Ortega', url: 'http://localhost:4321/author/marcus-ortega' }]);
    const crumbs = graph.find((n) => n['@type'] === 'BreadcrumbList')!;
    expect((crumbs['itemListElement'] as { item: string }[]).map((c) => c.item)).toEqual([
      'http://localhost:4321/news',
      'http://localhost:4321/category/oil-gas',
      'http://localhost:4321/article/henry-hub-futures-climb-on-early-winter-demand',
    ]);
    // Cards link bylines too.
    const cards = await (await get('/news')).text();
    expect(/By(?:<!-- -->)? <a href="\/author\/[a-z-]+"/.test(cards)).toBe(true);
  });
});

describe('article pages', () => {
  it('shows reading time, share links without scripts, and "Updated" only when changed after publishing', async () => {
    const [cat] = await server.database.db.select().from(categories).limit(1);
    const publishedAt = new Date(Date.now() - 3 * 86_400_000);
    const words = Array.from({ length: 690 }, (_, i) => `word${i}`).join(' ');
    await server.database.db.insert(articles).values([
      {
        slug: 'fresh-story',
        title: 'Fresh story',
        excerpt: 'x',
        content: `<p>${words}</p>`,
        contentText: words,
        author: 'A',
        categoryId: cat!.id,
        publishedAt,
        updatedAt: publishedAt,
      },
      {
        slug: 'revised-story',
        title: 'Revised story',
        excerpt: 'x',
        content: '<p>Short.</p>',
        contentText: 'Short.',
        author: 'A',
        categoryId: cat!.id,
        publishedAt,
        updatedAt: new Date(publishedAt.getTime() + 86_400_000),
      },
    ]);
    await server.database.client.execute("UPDATE site_state SET value = CAST(value AS INTEGER) + 1 WHERE key = 'content_version'");
    const fresh = await (await get('/article/fresh-story')).text();
    expect(fresh).toContain('3 min read');
    expect(fresh).not.toContain('data-testid="article-updated"');
    // A byline without an author record is plain text.
    expect(fresh).toMatch(/By\s*<span\b[^>]*>A<\/span>/);
    expect(fresh).toContain(
      `href="https://x.com/intent/post?url=${encodeURIComponent('http://localhost:4321/article/fresh-story')}&amp;text=Fresh%20story"`,
    );
    expect(fresh).toContain('data-share="linkedin"');
    const revised = await (await get('/article/revised-story')).text();
    expect(revised).toContain('1 min read');
    expect(revised).toMatch(/data-testid="article-updated">\s*Updated <time datetime="/);
  });

  it('relates stories of the same topic by their words first, then other topics sharing them, then the topic’s newest, as stored at save', async () => {
    const [policy] = await server.database.db.select().from(categories).where(eq(categories.slug, 'policy-regulation'));
    const [oil] = await server.database.db.select().from(categories).where(eq(categories.slug, 'oil-gas'));
    const create = async (slug: string, title: string, categoryId: number) => {
      const res = await call('POST', '/api/articles', {
        cookie,
        body: { slug, title, excerpt: title, content: `<p>${title}.</p>`, author: 'Desk Editor', categoryId },
      });
      expect(res.status).toBe(201);
      return res.json as { id: number };
    };
    const relatedOn = async (slug: string) => {
      const html = await (await get(`/article/${slug}`)).text();
      const section = html.slice(html.indexOf('id="related-title"'));
      return [...new Set([...section.matchAll(/href="\/article\/([a-z0-9-]+)"/g)].map((m) => m[1]))].slice(0, 3);
    };
    await create('salton-sea-lithium-royalties', 'Salton Sea lithium brine royalties approved', policy!.id);
    const sameTopic = await create('salton-sea-brine-pipeline', 'Brine pipeline planned at the Salton Sea', oil!.id);
    await create('salton-sea-lithium-base', 'Lithium brine extraction at the Salton Sea', oil!.id);
    await create('refinery-maintenance-newest', 'Refinery maintenance season starts', oil!.id);
    // Same topic and shared words; then another topic's story sharing them; then the topic's newest.
    expect(await relatedOn('salton-sea-lithium-base')).toEqual([
      'salton-sea-brine-pipeline',
      'salton-sea-lithium-royalties',
      'refinery-maintenance-newest',
    ]);
    // A story saved later joins the lists of the stories it names.
    expect(await relatedOn('salton-sea-lithium-royalties')).toContain('salton-sea-lithium-base');
    const stored = await server.database.client.execute(
      "SELECT count(*) AS n FROM related_articles WHERE article_id = (SELECT id FROM articles WHERE slug = 'salton-sea-lithium-base')",
    );
    expect(Number(stored.rows[0]?.['n'])).toBeGreaterThanOrEqual(2);
    // A story taken off the site leaves the lists at once; the topic's newest fill in.
    expect((await call('PATCH', `/api/articles/${sameTopic.id}`, { cookie, body: { status: 'draft' } })).status).toBe(200);
    const after = await relatedOn('salton-sea-lithium-base');
    expect(after).not.toContain('salton-sea-brine-pipeline');
    expect(after[0]).toBe('salton-sea-lithium-royalties');
  });
});

describe('sitemap', () => {
  it('lists every topic page and author page', async () => {
    const xml = await (await get('/sitemaps/pages.xml')).text();
    for (const slug of ['oil-gas', 'renewables', 'utilities', 'nuclear', 'coal', 'policy-regulation']) {
      expect(xml).toContain(`<loc>http://localhost:4321/category/${slug}</loc>`);
    }
    expect(xml).toContain('<loc>http://localhost:4321/author/dana-whitfield</loc>');
  });
});
