import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/api-client.ts';
import { useTestServer } from '../helpers/test-server.ts';

// Open Graph cards drawn for articles without an image, and for topic and author pages.
const PASSWORD = 'og-image-test-password-42';
const server = useTestServer({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true' });
const { call, signIn, currentPage } = apiClient(server, PASSWORD);
let cookie: string;
beforeAll(async () => (cookie = await signIn()));

let slugs = 0;
const create = async (overrides: Record<string, unknown> = {}) => {
  const res = await call('POST', '/api/articles', {
    cookie,
    body: {
      title: 'Grid operators brace for record winter demand',
      slug: `og-story-${++slugs}-${Date.now()}`,
      excerpt: 'Reserve margins look thin in three regions.',
      content: '<p>Planners expect record peaks.</p>',
      author: 'Desk Editor',
      categoryId: 1,
      ...overrides,
    },
  });
  expect(res.status).toBe(201);
  return res.json as { id: number; slug: string };
};

const meta = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');
const jsonLdImage = (html: string) =>
  (JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as { '@graph': { image?: string[] }[] })['@graph'][0]
    ?.image;
/** The path of the page's og:image, which names the test server's SITE_URL. */
const ogImagePath = async (page: string) => {
  const url = meta((await currentPage(page)).text, 'property', 'og:image') ?? '';
  expect(url.startsWith('http://localhost:4321/')).toBe(true);
  return url.slice('http://localhost:4321'.length);
};
const png = async (path: string) => {
  const res = await fetch(`${server.url}${path}`, { redirect: 'manual' });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
};

describe('article cards', () => {
  it('are the page image of an article without one, with size and text in the head and in JSON-LD', async () => {
    const article = await create({ title: 'Brent slips below $70 as OPEC+ weighs output' });
    const html = (await call('GET', `/article/${article.slug}`)).text;
    const image = meta(html, 'property', 'og:image');
    expect(image).toMatch(new RegExp(`^http://localhost:4321/og/article/${article.slug}\\.png\\?v=[a-z0-9]{16}$`));
    expect(meta(html, 'name', 'twitter:image')).toBe(image);
    expect(meta(html, 'property', 'og:image:width')).toBe('1200');
    expect(meta(html, 'property', 'og:image:height')).toBe('630');
    expect(meta(html, 'property', 'og:image:alt')).toBe('Brent slips below $70 as OPEC+ weighs output (Oil & Gas)');
    expect(jsonLdImage(html)).toEqual([image]);
  });

  it('are 1200×630 PNGs cached for good, kept in the media storage, and differ by title', async () => {
    const first = await ogImagePath(`/article/${(await create({ title: 'Henry Hub rallies on an early cold snap' })).slug}`);
    const second = await ogImagePath(`/article/${(await create({ title: 'Offshore wind lease sale draws record bids' })).slug}`);
    const a = await png(first);
    expect(a.res.status).toBe(200);
    expect(a.res.headers.get('Content-Type')).toBe('image/png');
    expect(a.res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const info = await sharp(a.body).metadata();
    expect([info.format, info.width, info.height]).toEqual(['png', 1200, 630]);
    const b = await png(second);
    expect(b.res.status).toBe(200);
    expect(b.body.equals(a.body)).toBe(false);
    // Drawn once and stored where every web process finds it; asked again, the same bytes.
    const [, kind, slug, version] = /^\/og\/(\w+)\/([\w-]+)\.png\?v=(\w+)$/.exec(first) ?? [];
    const media = join(dirname(fileURLToPath(server.databaseUrl)), 'media');
    expect(existsSync(join(media, 'og', kind ?? '', slug ?? '', `${version}.png`))).toBe(true);
    expect((await png(first)).body.equals(a.body)).toBe(true);
  });

  it('answer concurrent first requests for a new card with one and the same image', async () => {
    const path = await ogImagePath(`/article/${(await create({ title: 'Ten requests at once for a card never drawn' })).slug}`);
    const answers = await Promise.all(Array.from({ length: 10 }, () => png(path)));
    expect(answers.map((a) => a.res.status)).toEqual(Array(10).fill(200));
    expect(answers.every((a) => a.body.equals(answers[0]?.body ?? Buffer.alloc(0)))).toBe(true);
    const head = await fetch(`${server.url}${path}`, { method: 'HEAD' });
    expect([head.status, head.headers.get('Content-Type')]).toEqual([200, 'image/png']);
  });

  it('move to a new address when the title changes; an old or missing version is sent to it', async () => {
    const article = await create({ title: 'Coal retirements slow in the Midwest' });
    const before = await ogImagePath(`/article/${article.slug}`);
    expect((await call('PATCH', `/api/articles/${article.id}`, { cookie, body: { title: 'Coal retirements stall in the Midwest' } })).status).toBe(
      200,
    );
    const after = await ogImagePath(`/article/${article.slug}`);
    expect(after).not.toBe(before);
    for (const stale of [before, `/og/article/${article.slug}.png`]) {
      const { res } = await png(stale);
      expect(res.status).toBe(302);
      expect(res.headers.get('Location')).toBe(after);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
    }
  });

  it('answer 404 for drafts, scheduled articles, unknown slugs and other kinds, naming no title', async () => {
    const draft = await create({ status: 'draft', title: 'Secret merger talks between two utilities' });
    const scheduled = await create({ publishedAt: new Date(Date.now() + 86_400_000).toISOString(), title: 'Embargoed: quarterly storage' });
    for (const path of [
      `/og/article/${draft.slug}.png`,
      `/og/article/${draft.slug}.png?v=0000000000000000`,
      `/og/article/${scheduled.slug}.png`,
      '/og/article/no-such-story.png',
      '/og/article/Bad_Slug.png',
      '/og/article/oil-gas.png',
      '/og/widget/oil-gas.png',
    ]) {
      const { res, body } = await png(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Content-Type'), path).toContain('application/json');
      // A draft's card turns into an image the moment it is published: no cache may keep the 404.
      expect(res.headers.get('Cache-Control'), path).toBe('no-store');
      expect(body.toString(), path).not.toMatch(/Secret|Embargoed/);
    }
  });

  it('give way to the editor’s social image or the lead image', async () => {
    const lead = await create({ imageUrl: 'https://images.example.com/grid.jpg' });
    const leadHtml = (await call('GET', `/article/${lead.slug}`)).text;
    expect(meta(leadHtml, 'property', 'og:image')).toBe('https://images.example.com/grid.jpg');
    expect(meta(leadHtml, 'property', 'og:image:width')).toBeUndefined();
    expect(jsonLdImage(leadHtml)).toEqual(['https://images.example.com/grid.jpg']);
    const social = await create({ socialImageUrl: '/images/social-card.jpg' });
    expect(meta((await call('GET', `/article/${social.slug}`)).text, 'property', 'og:image')).toBe('http://localhost:4321/images/social-card.jpg');
  });
});

describe('site, topic and author cards', () => {
  it('give topic and author pages a drawn card and the home page the site card', async () => {
    for (const page of ['/category/renewables', '/author/elena-park']) {
      const path = await ogImagePath(page);
      expect(path).toMatch(/^\/og\/(topic|author)\/[\w-]+\.png\?v=\w+$/);
      const { res, body } = await png(path);
      expect(res.status, page).toBe(200);
      expect((await sharp(body).metadata()).width).toBe(1200);
    }
    const home = (await call('GET', '/')).text;
    expect(meta(home, 'property', 'og:image')).toBe('http://localhost:4321/og-default.jpg');
    expect(meta(home, 'property', 'og:image:width')).toBe('1200');
    expect((await png('/og/topic/no-such-topic.png')).res.status).toBe(404);
  });
});
