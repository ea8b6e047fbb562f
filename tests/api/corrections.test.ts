import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articleRevisions, pagePurges } from '@db/schema';
import { formatShortDate } from '@/lib/format';
import { parseFeed } from '../helpers/feed-reader.ts';
import { cachedPage, storyMaker, useNewsroomServer } from '../helpers/newsroom.ts';

// Dated corrections (#24, trust for readers): the editor's API, the article page, its JSON-LD and
// feed items, the corrections page, and which cached pages a correction renders again; the
// Google News sitemap.
const PASSWORD = 'corrections-admin-password';
const newsroom = useNewsroomServer(PASSWORD);
const { server, admin, call, currentPage } = newsroom;

type Json = Record<string, unknown>;
interface Story {
  id: number;
  slug: string;
  title: string;
  publishedAt: string;
  updatedAt: string;
  authorSlug: string;
  category: { slug: string };
}
interface CorrectionJson {
  id: number;
  articleId: number;
  text: string;
  createdAt: string;
  createdBy: string | null;
}

/** A published story (two hours old unless told), by the API. */
const publish = storyMaker<Story>(newsroom, () => admin.cookie, {
  title: 'Grid reserve margins tighten in Texas',
  slug: 'corrections-story',
  excerpt: 'ERCOT expects thinner margins this winter.',
  content: '<p>Planners expect record peaks.</p>',
  author: 'Corrections Desk',
  categoryId: 3,
});

const correctionsPath = (id: number) => `/api/admin/articles/${id}/corrections`;
async function correct(id: number, text: string): Promise<CorrectionJson> {
  const res = await call('POST', correctionsPath(id), { cookie: admin.cookie, body: { text } });
  expect(res.status, res.text).toBe(201);
  return res.json as unknown as CorrectionJson;
}

/** The page's JSON-LD graph. */
function jsonLd(html: string): Json[] {
  const script = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(script).toBeDefined();
  return (JSON.parse(script ?? '{}') as { '@graph': Json[] })['@graph'];
}

const cached = (path: string) => cachedPage(newsroom, path);

describe('the corrections API', () => {
  it('adds a dated correction by the signed-in editor, lists them newest first, edits the text keeping the date, and deletes', async () => {
    const story = await publish();
    const before = Date.now();
    const first = await correct(story.id, '  The reserve margin is 12 percent, not 21 percent.  ');
    expect(first).toMatchObject({ articleId: story.id, text: 'The reserve margin is 12 percent, not 21 percent.', createdBy: 'admin' });
    expect(Date.parse(first.createdAt)).toBeGreaterThanOrEqual(before - 1_000);
    const second = await correct(story.id, 'The plant is in Harris County.\nIt was misplaced in Fort Bend County.');

    const list = await call('GET', correctionsPath(story.id), { cookie: admin.cookie });
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect((list.json['items'] as CorrectionJson[]).map((c) => c.id)).toEqual([second.id, first.id]);

    const edited = await call('PATCH', `${correctionsPath(story.id)}/${first.id}`, {
      cookie: admin.cookie,
      body: { text: 'The reserve margin is 12.5 percent.' },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ id: first.id, text: 'The reserve margin is 12.5 percent.', createdAt: first.createdAt });

    expect((await call('DELETE', `${correctionsPath(story.id)}/${first.id}`, { cookie: admin.cookie })).status).toBe(204);
    const after = await call('GET', correctionsPath(story.id), { cookie: admin.cookie });
    expect((after.json['items'] as CorrectionJson[]).map((c) => c.id)).toEqual([second.id]);
    for (const method of ['PATCH', 'DELETE']) {
      const gone = await call(method, `${correctionsPath(story.id)}/${first.id}`, { cookie: admin.cookie, body: { text: 'Again.' } });
      expect(gone.status).toBe(404);
      expect(gone.json).toEqual({ message: 'Correction not found' });
    }

    // Each is in the audit trail: who, on which article, with the text (a deletion with the text it had).
    const trail = await call('GET', '/api/admin/audit', { cookie: admin.cookie });
    const entries = (trail.json['items'] as { action: string; actorName: string; subjectType: string; subjectId: string; summary: string }[])
      .filter((e) => e.action.startsWith('correction_') && e.subjectId === String(story.id))
      .map((e) => [e.action, e.actorName, e.subjectType, e.summary]);
    const { title } = story;
    expect(entries).toEqual([
      ['correction_deleted', 'admin', 'article', `${title}: The reserve margin is 12.5 percent.`],
      ['correction_changed', 'admin', 'article', `${title}: The reserve margin is 12.5 percent.`],
      ['correction_added', 'admin', 'article', `${title}: The plant is in Harris County.\\nIt was misplaced in Fort Bend County.`],
      ['correction_added', 'admin', 'article', `${title}: The reserve margin is 12 percent, not 21 percent.`],
    ]);
  });

  it('refuses with the contract’s JSON error: no session, bad text, an unpublished or unknown article, another article’s correction', async () => {
    const story = await publish();
    const other = await publish();
    const theirs = await correct(other.id, 'The output figure is for October.');

    const anonymous = await call('POST', correctionsPath(story.id), { body: { text: 'x' } });
    expect([anonymous.status, anonymous.json]).toEqual([401, { message: 'Unauthorized' }]);
    expect((await call('GET', correctionsPath(story.id))).status).toBe(401);

    const empty = await call('POST', correctionsPath(story.id), { cookie: admin.cookie, body: { text: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual({ message: 'Invalid input', errors: { text: ['Write the correction'] } });
    const long = await call('POST', correctionsPath(story.id), { cookie: admin.cookie, body: { text: 'x'.repeat(1001) } });
    expect(long.status).toBe(400);
    expect(long.json['errors']).toEqual({ text: ['A correction is at most 1,000 characters'] });
    const notText = await call('POST', correctionsPath(story.id), { cookie: admin.cookie, body: { text: 42 } });
    expect(notText.status).toBe(400);

    const draft = await publish({ status: 'draft' });
    const scheduled = await publish({ publishedAt: new Date(Date.now() + 86_400_000).toISOString() });
    for (const unpublished of [draft, scheduled]) {
      const res = await call('POST', correctionsPath(unpublished.id), { cookie: admin.cookie, body: { text: 'A fact fixed.' } });
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ message: 'Only a published article takes corrections: edit a draft or a scheduled article instead.' });
    }

    for (const path of [correctionsPath(999_999), `${correctionsPath(999_999)}?page=2`]) {
      const res = await call('GET', path, { cookie: admin.cookie });
      expect([res.status, res.json]).toEqual([404, { message: 'Article not found' }]);
    }
    expect((await call('POST', correctionsPath(999_999), { cookie: admin.cookie, body: { text: 'A fact fixed.' } })).status).toBe(404);
    // A correction is reached through its own article only.
    const crossed = await call('PATCH', `${correctionsPath(story.id)}/${theirs.id}`, { cookie: admin.cookie, body: { text: 'Hijacked.' } });
    expect([crossed.status, crossed.json]).toEqual([404, { message: 'Correction not found' }]);
    expect((await call('DELETE', `${correctionsPath(story.id)}/${theirs.id}`, { cookie: admin.cookie })).status).toBe(404);
    expect((await call('DELETE', `${correctionsPath(story.id)}/abc`, { cookie: admin.cookie })).status).toBe(404);

    const form = await fetch(`${server.url}${correctionsPath(story.id)}`, {
      method: 'POST',
      headers: { Origin: server.url, Cookie: admin.cookie, 'Content-Type': 'text/plain', 'X-Forwarded-For': '203.0.113.250' },
      body: 'text=hello',
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ message: 'Content-Type must be application/json' });
  });

  it('leaves the article’s fields alone: the one-field correction is gone from the article and its history', async () => {
    const story = await publish();
    const res = await call('PATCH', `/api/articles/${story.id}`, { cookie: admin.cookie, body: { correction: 'Ignored: not a field.' } });
    expect(res.status).toBe(200);
    expect(res.json).not.toHaveProperty('correction');
    expect((await call('GET', `/api/articles/${story.slug}`)).json).not.toHaveProperty('correction');
    // A revision kept while the field existed still names it; the history leaves it out.
    const [kept] = await server.database.db
      .insert(articleRevisions)
      .values({
        articleId: story.id,
        username: 'admin',
        action: 'updated',
        changedFields: JSON.stringify(['title', 'correction']),
        snapshot: JSON.stringify({ title: 'An older title', correction: 'An earlier version said otherwise.' }),
        createdAt: new Date(Date.parse(story.updatedAt) - 60_000),
      })
      .returning({ id: articleRevisions.id });
    const history = await call('GET', `/api/admin/articles/${story.id}/revisions`, { cookie: admin.cookie });
    const listed = (history.json['items'] as { id: number; changedFields: string[] }[]).find((r) => r.id === kept?.id);
    expect(listed?.changedFields).toEqual(['title']);
    const diff = await call('GET', `/api/admin/articles/${story.id}/revisions/${kept?.id}`, { cookie: admin.cookie });
    expect(diff.status).toBe(200);
    expect((diff.json['revision'] as { snapshot: Json }).snapshot).toEqual({ title: 'An older title' });
    const restored = await call('POST', `/api/admin/articles/${story.id}/revisions/${kept?.id}/restore`, { cookie: admin.cookie, body: {} });
    expect(restored.status).toBe(200);
    expect(restored.json).toMatchObject({ title: 'An older title' });
    expect(restored.json).not.toHaveProperty('correction');
  });
});

describe('a correction on the article page', () => {
  it('is shown newest first under the text, dated, and moves the Updated date and the JSON-LD dateModified', async () => {
    const story = await publish();
    const first = await correct(story.id, 'An earlier version misstated the reserve margin.');
    const second = await correct(story.id, 'The plant is in Harris County <not Fort Bend> & opens in 2027.');
    const html = (await currentPage(`/article/${story.slug}`)).text;

    const shown = [...html.matchAll(/data-testid="article-correction"[^>]*>([\s\S]*?)<\/li>/g)].map((m) => (m[1] ?? '').replace(/<[^>]+>/g, ''));
    expect(shown).toEqual([
      `Correction, ${formatShortDate(second.createdAt)}: The plant is in Harris County &lt;not Fort Bend&gt; &amp; opens in 2027.`,
      `Correction, ${formatShortDate(first.createdAt)}: An earlier version misstated the reserve margin.`,
    ]);
    // The last save came before the corrections: the dates readers see are the newest correction's.
    expect(Date.parse(second.createdAt)).toBeGreaterThan(Date.parse(story.updatedAt));
    expect(html).toMatch(new RegExp(`data-testid="article-updated"[^>]*>\\s*Updated <time datetime="${second.createdAt}"`));
    expect(html).toContain(`<meta property="article:modified_time" content="${second.createdAt}"`);

    const news = jsonLd(html).find((node) => node['@type'] === 'NewsArticle');
    expect(news?.['dateModified']).toBe(second.createdAt);
    expect(news?.['correction']).toEqual([
      { '@type': 'CorrectionComment', text: second.text, datePublished: second.createdAt },
      { '@type': 'CorrectionComment', text: first.text, datePublished: first.createdAt },
    ]);
  });

  it('is gone from the page once deleted, and an article without corrections carries none', async () => {
    const story = await publish();
    const correction = await correct(story.id, 'A figure was off by one.');
    expect((await currentPage(`/article/${story.slug}`)).text).toContain('A figure was off by one.');
    expect((await call('DELETE', `${correctionsPath(story.id)}/${correction.id}`, { cookie: admin.cookie })).status).toBe(204);
    const html = (await currentPage(`/article/${story.slug}`)).text;
    expect(html).not.toContain('data-testid="article-corrections"');
    const news = jsonLd(html).find((node) => node['@type'] === 'NewsArticle');
    expect(news).not.toHaveProperty('correction');
    expect(news?.['dateModified']).toBe(story.updatedAt);
  });

  it('appears in the article’s items of the site, topic and author feeds', async () => {
    const story = await publish();
    const correction = await correct(story.id, 'Output is 5.1 million b/d & rising, not <falling>.');
    const expected = `<strong>Correction, ${formatShortDate(correction.createdAt)}:</strong> Output is 5.1 million b/d &amp; rising, not &lt;falling&gt;.`;
    for (const feed of ['/rss.xml', `/category/${story.category.slug}/rss.xml`, `/author/${story.authorSlug}/rss.xml`]) {
      const { items, errors } = await parseFeed((await currentPage(feed)).text, `${server.url}${feed}`);
      expect(errors, feed).toEqual([]);
      const item = items.find((i) => i.link === `http://localhost:4321/article/${story.slug}`);
      expect(item?.description, feed).toContain(`<p>Planners expect record peaks.</p><aside><p>${expected}</p></aside>`);
    }
  });
});

describe('what a correction renders again', () => {
  it('the article page, its feed items and the corrections page; not another article’s page, the home page or the lists', async () => {
    const story = await publish();
    const other = await publish();
    const unrelated = ['/', '/news', `/article/${other.slug}`, `/category/${story.category.slug}`, '/sitemap.xml'];
    const showing = [`/article/${story.slug}`, '/rss.xml', '/corrections'];
    const etags = new Map<string, string | null>();
    for (const path of [...unrelated, ...showing]) etags.set(path, (await cached(path)).headers.get('ETag'));
    expect((await cached(`/article/${story.slug}`)).headers.get('Surrogate-Key')?.split(' ')).toContain(`c:${story.id}`);
    expect((await cached('/')).headers.get('Surrogate-Key')?.split(' ')).not.toContain(`c:${story.id}`);

    await correct(story.id, 'The auction cleared at $270, not $207.');
    const [purge] = await server.database.db.select().from(pagePurges).orderBy(desc(pagePurges.id)).limit(1);
    expect(purge?.tags.split(' ')).toEqual([`c:${story.id}`, 'l:corrections', 'any']);
    // The pages that do not show it (none names its tag, above): the same page, from memory.
    for (const path of unrelated) {
      const page = await call('GET', path);
      expect(page.headers.get('X-Cache'), path).toBe('HIT');
      expect(page.headers.get('ETag'), path).toBe(etags.get(path));
    }
    // Those that show it were rendered again before the correction was answered: the new page, at once.
    for (const path of showing) {
      const page = await call('GET', path);
      expect(page.headers.get('ETag'), path).not.toBe(etags.get(path));
      expect(page.text, path).toContain('The auction cleared at $270, not $207.');
    }
  });
});

describe('the corrections page', () => {
  it('lists the corrections of public articles newest first, each linking to its article, paged on the server', async () => {
    const story = await publish({ title: 'Henry Hub slips as storage builds' });
    const withdrawn = await publish({ title: 'Coal exports hold steady' });
    await correct(withdrawn.id, 'A correction of a story later withdrawn.');
    const added: CorrectionJson[] = [];
    for (let i = 1; i <= 21; i++) added.push(await correct(story.id, `Correction number ${i} of the storage story.`));
    expect((await call('PATCH', `/api/articles/${withdrawn.id}`, { cookie: admin.cookie, body: { status: 'draft' } })).status).toBe(200);

    const first = await currentPage('/corrections');
    expect(first.status).toBe(200);
    expect(first.text).toContain('<h1 class="text-3xl font-bold tracking-tight sm:text-4xl">Corrections</h1>');
    const listed = (html: string) => [...html.matchAll(/Correction number (\d+) of the storage story\./g)].map((m) => Number(m[1]));
    expect(listed(first.text)).toEqual([21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(first.text).toContain(`<a href="/article/${story.slug}" class="hover:underline">Henry Hub slips as storage builds</a>`);
    expect(first.text).toContain(`datetime="${added[20]?.createdAt}"`);
    expect(first.text).not.toContain('A correction of a story later withdrawn.');
    expect(first.text).toContain('href="/corrections?page=2"');
    expect(first.text).toMatch(/data-testid="corrections-count">2\d corrections · page 1 of 2</);

    const second = await currentPage('/corrections?page=2');
    expect(second.status).toBe(200);
    expect(listed(second.text)).toContain(1);
    expect(second.text).toContain('<link rel="canonical" href="http://localhost:4321/corrections?page=2"');
    expect((await currentPage('/corrections?page=99')).status).toBe(404);
  });

  it('is linked from About (which states the policy) and the footer, and listed in the sitemap', async () => {
    const about = (await currentPage('/about')).text;
    expect(about).toContain('id="corrections-policy"');
    expect(about).toMatch(/<a[^>]*href="\/corrections"[^>]*>corrections page<\/a>/);
    const home = (await currentPage('/')).text;
    expect(home).toMatch(/<a[^>]*href="\/corrections"[^>]*>Corrections<\/a>/);
    expect((await currentPage('/sitemaps/pages.xml')).text).toContain('<loc>http://localhost:4321/corrections</loc>');
  });
});

describe('the Google News sitemap', () => {
  const NEWS_NS = 'xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"';

  it('lists the public articles of the last 48 hours with the news namespace, publication, date and title', async () => {
    const fresh = await publish({ title: 'FERC approves “fast-track” queue & cluster studies' });
    const draft = await publish({ status: 'draft' });
    const scheduled = await publish({ publishedAt: new Date(Date.now() + 3_600_000).toISOString() });
    const old = await publish({ publishedAt: new Date(Date.now() - 49 * 3_600_000).toISOString() });
    const res = await currentPage('/sitemaps/news.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    const xml = res.text;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ')).toBe(true);
    expect(xml).toContain(NEWS_NS);
    expect(xml).toContain(
      `<url><loc>http://localhost:4321/article/${fresh.slug}</loc><news:news><news:publication><news:name>EnergyPulse</news:name><news:language>en</news:language></news:publication><news:publication_date>${fresh.publishedAt}</news:publication_date><news:title>FERC approves “fast-track” queue &amp; cluster studies</news:title></news:news></url>`,
    );
    for (const hidden of [draft, scheduled, old]) expect(xml).not.toContain(`/article/${hidden.slug}<`);
    // Newest first, each a whole <url>, every element closed.
    const dates = [...xml.matchAll(/<news:publication_date>([^<]+)</g)].map((m) => Date.parse(m[1] ?? ''));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(dates.every((d) => d > Date.now() - 48 * 3_600_000)).toBe(true);
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
  });

  it('is named by the sitemap index and robots.txt', async () => {
    expect((await currentPage('/sitemap.xml')).text).toContain('<sitemap><loc>http://localhost:4321/sitemaps/news.xml</loc></sitemap>');
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain('Sitemap: http://localhost:4321/sitemap.xml\nSitemap: http://localhost:4321/sitemaps/news.xml\n');
  });

  it('drops an article by itself once it is 48 hours old, without any change to purge it', async () => {
    const leaving = await publish({ publishedAt: new Date(Date.now() - 48 * 3_600_000 + 4_000).toISOString() });
    expect((await cached('/sitemaps/news.xml')).text).toContain(`/article/${leaving.slug}<`);
    let xml = '';
    // Until its 48 hours are over (4 s from now), however busy the machine: at most a minute.
    for (const end = Date.now() + 60_000; Date.now() < end;) {
      xml = (await currentPage('/sitemaps/news.xml')).text;
      if (!xml.includes(`/article/${leaving.slug}<`)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(xml).not.toContain(`/article/${leaving.slug}<`);
    expect(xml).toContain(NEWS_NS);
  });
});
