import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { articles } from '@db/schema';
import { fetchCurrent, purgeEveryPage } from '../helpers/purge.ts';
import { useTestServer } from '../helpers/test-server.ts';

const server = useTestServer();

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });

describe('on-demand page caching', () => {
  it('sends an ETag and answers 304 to a matching If-None-Match', async () => {
    const first = await get('/');
    expect(first.status).toBe(200);
    const etag = first.headers.get('ETag');
    expect(etag).toBeTruthy();
    // Browsers revalidate every use; a shared cache without purges keeps it a minute (see page-cache.test.ts for purges).
    expect(first.headers.get('Cache-Control')).toBe(
      'public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400',
    );
    const again = await get('/', { 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });
});

describe('headers on every response', () => {
  const paths = ['/', '/about', '/api/categories', '/favicon.svg', '/no-such-page'];

  it.each(paths)('%s carries the security headers', async (path) => {
    const response = await get(path);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });

  it('caches hashed assets immutably and compresses text', async () => {
    const html = await (await get('/news')).text();
    const asset = html.match(/\/_astro\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const response = await get(asset!, { 'Accept-Encoding': 'br, gzip' });
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const page = await fetch(`${server.url}/news`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(page.headers.get('Content-Encoding')).toBe('gzip');
  });

  it('sends each hashed asset compressed once at build time, in the encoding the q-values choose', async () => {
    // The news page has islands (the home page ships no script since its charts are drawn on the server).
    const html = await (await get('/news')).text();
    const asset = html.match(/\/_astro\/client\.[\w-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const raw = (acceptEncoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        request(`${server.url}${asset}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const plain = await raw('identity');
    expect(plain.encoding).toBeUndefined();
    const br = await raw('gzip, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    // Brotli at its best quality, not the on-the-fly default.
    expect(br.body.length).toBeLessThan(gzipSync(plain.body, { level: 9 }).length * 0.95);
    const gzip = await raw('br;q=0, gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it('refuses a body over 1 MB with 413 JSON', async () => {
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request body too large' });
  });
});

describe('pages', () => {
  it('renders the 404 page for unknown paths', async () => {
    const response = await get('/definitely/not/here');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('404 Page Not Found');
    expect(html).toContain('Did you forget to add the page to the router?');
    // No route answers this path until the next deploy: shared caches may keep the 404 briefly.
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=60');
    // A write to no page is not kept at all.
    const posted = await fetch(`${server.url}/definitely/not/here`, { method: 'POST', headers: { Origin: server.url } });
    expect(posted.status).toBe(404);
    expect(posted.headers.get('Cache-Control')).toBe('no-store');
  });

  it('offers a reader on the 404 page a search, the newest stories and the way home', async () => {
    const html = await (await get('/no/such/story/here')).text();
    expect(html).toMatch(/<form action="\/news" method="get" role="search"[^>]*>[\s\S]*?id="not-found-search"/);
    const newest = (await (await get('/api/articles?limit=5&fields=summary')).json()) as { slug: string }[];
    const list = html.slice(html.indexOf('data-testid="not-found-latest"'));
    expect(newest.length).toBe(5);
    for (const { slug } of newest) expect(list).toContain(`href="/article/${slug}"`);
    expect(html).toContain('href="/"');
  });

  it('renders Article Not Found with a 404 status', async () => {
    const response = await get('/article/no-such-story');
    expect(response.status).toBe(404);
    expect((await response.text()).replaceAll('&#39;', "'")).toContain("The article you're looking for doesn't exist");
  });

  it('gives article pages canonical, Open Graph and NewsArticle data', async () => {
    const html = await (await get('/article/henry-hub-futures-climb-on-early-winter-demand')).text();
    expect(html).toContain('<link rel="canonical" href="http://localhost:4321/article/henry-hub-futures-climb-on-early-winter-demand"');
    expect(html).toContain('property="og:type" content="article"');
    expect(html).toContain('name="twitter:card"');
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? '{}') as { '@graph': Record<string, unknown>[] };
    const article = ld['@graph'].find((node) => node['@type'] === 'NewsArticle');
    expect(article?.['headline']).toBe('Henry Hub Futures Climb on Early Winter Heating Demand');
    expect(ld['@graph'].some((node) => node['@type'] === 'BreadcrumbList')).toBe(true);
  });

  it('redirects /admin-login permanently to /admin/login', async () => {
    const response = await fetch(`${server.url}/admin-login`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe('/admin/login');
  });

  it('ships no JavaScript on the about and legal pages but the two tiny inline scripts (theme, relative times), which their CSP allows', async () => {
    const { THEME_SCRIPT } = await import('@/lib/theme-script');
    const { RELATIVE_TIME_SCRIPT } = await import('@/lib/relative-time');
    const inline = [
      [THEME_SCRIPT, 'data-theme-script'],
      [RELATIVE_TIME_SCRIPT, 'data-relative-times'],
    ] as const;
    for (const [script, marker] of inline) {
      expect(script.length, marker).toBeLessThan(1_000);
    }
    for (const path of ['/about', '/privacy-policy', '/terms-of-service', '/category/coal', '/author/rachel-kim']) {
      const html = await (await get(path)).text();
      let rest = html;
      for (const [script, marker] of inline) {
        const without = rest.replace(`<script ${marker}>${script}</script>`, '');
        expect(without, `${path} ${marker}`).not.toBe(rest);
        rest = without;
      }
      expect(rest, path).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
      const csp =
        html.match(/<meta http-equiv="content-security-policy" content="([^"]*)"/)?.[1] ?? (await get(path)).headers.get('Content-Security-Policy');
      for (const [script, marker] of inline)
        expect(csp, `${path} ${marker}`).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
    expect(await (await get('/privacy-policy')).text()).toContain('Effective date: June 12, 2025');
  });
});

describe('what every page leads to', () => {
  /** The hrefs of the links inside the element whose opening tag matches `open`, up to its closing `tag`. */
  const linksIn = (html: string, open: RegExp, tag: string) => {
    const start = html.search(open);
    const part = start === -1 ? '' : html.slice(start, html.indexOf(`</${tag}>`, start));
    return [...part.matchAll(/<a[^>]*href="([^"]*)"/g)].map((m) => m[1]);
  };

  it('gives the header search forms a submit button, on a desktop and in the mobile menu', async () => {
    for (const path of ['/', '/about', '/calendar']) {
      const html = await (await get(path)).text();
      const forms = [...html.matchAll(/<form action="\/news" method="get" role="search"[\s\S]*?<\/form>/g)].map((m) => m[0]);
      expect(forms, path).toHaveLength(2);
      for (const form of forms) expect(form, path).toMatch(/<button type="submit"[^>]*>[\s\S]*Search[\s\S]*<\/button>/);
    }
  });

  it('links the calendar, the newsletter and every topic page from the header, the mobile menu and the footer', async () => {
    for (const path of ['/', '/about']) {
      const html = await (await get(path)).text();
      expect(linksIn(html, /<nav aria-label="Main"/, 'nav'), path).toContain('/calendar');
      const mobile = linksIn(html, /<div id="mobile-menu"/, 'header');
      for (const href of ['/calendar', '/newsletter', '/category/oil-gas', '/category/policy-regulation']) expect(mobile, path).toContain(href);
      const footer = linksIn(html, /<footer/, 'footer');
      for (const href of [
        '/calendar',
        '/newsletter',
        '/category/oil-gas',
        '/category/renewables',
        '/category/utilities',
        '/category/nuclear',
        '/category/coal',
        '/category/policy-regulation',
      ])
        expect(footer, path).toContain(href);
    }
  });

  it("ends the home page's latest news with a way on to the archive", async () => {
    const html = await (await get('/')).text();
    expect(linksIn(html, /<section[^>]*aria-labelledby="latest-title"/, 'section')).toContain('/news');
  });

  it("links the news sidebar's categories to their topic pages", async () => {
    const html = await (await get('/news')).text();
    const categories = linksIn(html, /<section[^>]*aria-labelledby="categories-title"/, 'section');
    expect(categories).toHaveLength(6);
    for (const href of categories) expect(href).toMatch(/^\/category\/[a-z-]+$/);
  });

  it('offers numbered archive pages on /news and no "load more" beside them', async () => {
    const html = await (await get('/news')).text();
    expect(html).toContain('aria-label="Archive pages"');
    expect(html).not.toMatch(/load more/i);
  });

  it('says an article\'s "Last updated" only when it changed after publishing', async () => {
    const unchanged = await (await get('/article/permian-output-holds-near-record-as-rig-count-slips')).text();
    expect(unchanged).not.toContain('Last updated');
    const db = server.database.db;
    const [row] = await db.select().from(articles).where(eq(articles.slug, 'permian-output-holds-near-record-as-rig-count-slips'));
    await db
      .update(articles)
      .set({ updatedAt: new Date(row!.publishedAt.getTime() + 3 * 3_600_000) })
      .where(eq(articles.id, row!.id));
    await purgeEveryPage(db);
    const changed = await (await fetchCurrent(`${server.url}/article/permian-output-holds-near-record-as-rig-count-slips`)).text();
    expect(changed).toMatch(/data-testid="article-last-updated"[^>]*>\s*Last updated/);
  });

  it('prints the article body with curly quotes, as its title and excerpt', async () => {
    const html = await (await get('/article/permian-output-holds-near-record-as-rig-count-slips')).text();
    const body = html.slice(html.indexOf('class="article-body'), html.indexOf('</footer>', html.indexOf('class="article-body')));
    expect(body).toContain('“We are drilling fewer wells');
    expect(body).not.toMatch(/>[^<]*(&quot;|")[^<]*</);
  });

  it('leaves "By {author}" off the cards of the author\'s own page', async () => {
    const html = await (await get('/author/dana-whitfield')).text();
    expect(html).toContain('<article');
    expect(html).not.toMatch(/By\s*<a[^>]*href="\/author\/dana-whitfield"/);
  });

  it('says one market figure the same way on every page', async () => {
    const markets = await (await get('/markets')).text();
    const home = await (await get('/')).text();
    const production = markets.slice(
      markets.indexOf('data-figure="crude-production"'),
      markets.indexOf('</li>', markets.indexOf('data-figure="crude-production"')),
    );
    expect(production.replace(/<[^>]+>/g, '')).toMatch(/\d{2}\.\d{2} million b\/d/);
    // Negative changes carry a minus sign, never a hyphen, wherever they are shown.
    for (const html of [markets, home]) expect(html).not.toMatch(/>-\d/);
    expect(markets + home).toContain('−');
  });
});

describe('the sample site', () => {
  const permian = '/article/permian-output-holds-near-record-as-rig-count-slips';

  it('shows the seeded lead images from the media library: a <picture> with AVIF and WebP srcsets, and resized copies in cards', async () => {
    const html = await (await get(permian)).text();
    const lead = html.match(/<picture>.*?<\/picture>/s)?.[0] ?? '';
    expect(lead).toMatch(/<source type="image\/avif" srcset="\/media\/\d{4}\/\d{2}\/[a-z0-9]{12}\/480\.avif 480w, \/media\/[^"]*\/800\.avif 800w"/);
    expect(lead).toContain('<source type="image/webp"');
    expect(lead).toContain('alt="Illustration of a drilling derrick and a pumpjack under an amber sky"');
    expect(lead).toContain('width="800" height="450"');
    expect(html).not.toContain('/images/articles/');
    const home = await (await get('/')).text();
    expect(home).not.toContain('/images/articles/');
    expect(home).toMatch(/<img src="\/media\/[^"]+\/800\.webp" srcset="\/media\/[^"]+\/480\.webp 480w, \/media\/[^"]+\/800\.webp 800w" sizes="/i);
    // The library serves the copies.
    const copy = lead.match(/\/media\/[^" ]+\/480\.avif/)?.[0] ?? '';
    const file = await get(copy);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('image/avif');
  });

  it('lists the illustrations in the media library, described and marked as samples', async () => {
    const rows = await server.database.client.execute('SELECT filename, alt, credit, variants FROM media ORDER BY filename');
    expect(rows.rows.length).toBe(18);
    for (const row of rows.rows) {
      expect(row['alt'] as string).toMatch(/^Illustration of /);
      expect(row['credit']).toBe('Sample illustration');
      expect(JSON.parse(row['variants'] as string)).toEqual([480, 800]);
    }
  });

  it('relates the lead oil story to oil and gas stories that share its words', async () => {
    const html = await (await get(permian)).text();
    const section = html.slice(html.indexOf('id="related-title"'));
    const slugs = [...section.matchAll(/href="\/article\/([a-z0-9-]+)"/g)].map((m) => m[1]);
    const related = [...new Set(slugs)].slice(0, 3);
    expect(related).toHaveLength(3);
    const topics = await server.database.client.execute({
      sql: `SELECT c.slug FROM articles a JOIN categories c ON c.id = a.category_id WHERE a.slug IN (${related.map(() => '?').join(', ')})`,
      args: related as string[],
    });
    expect(topics.rows.map((r) => r['slug'])).toEqual(['oil-gas', 'oil-gas', 'oil-gas']);
    // The closest: the other story of oil output in the field.
    expect(related[0]).toBe('alaska-north-slope-project-reaches-first-oil');
  });
});

describe('discovery', () => {
  it('publishes RSS, a sitemap and robots.txt', async () => {
    const rss = await (await get('/rss.xml')).text();
    expect(rss).toContain('<rss');
    expect(rss.match(/<item>/g)?.length).toBeGreaterThanOrEqual(20);
    const index = await (await get('/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex');
    expect(index).toContain('<loc>http://localhost:4321/sitemaps/articles-1.xml</loc>');
    const articles = await (await get('/sitemaps/articles-1.xml')).text();
    expect(articles).toContain('<loc>http://localhost:4321/article/permian-output-holds-near-record-as-rig-count-slips</loc>');
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: http://localhost:4321/sitemap.xml');
    expect(robots).toContain('Disallow: /admin');
  });
});

describe('the build', () => {
  it('ships React’s production build, even when the tests built the site', () => {
    const assets = readdirSync('dist/client/_astro');
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter((name) => name.startsWith('jsx-dev-runtime'))).toEqual([]);
  });
});
