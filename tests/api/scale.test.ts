import { like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { filePathOf } from '@db/backends/worker-threads';
import { openDatabase } from '@db/client';
import { articles, authors, categories, comments } from '@db/schema';
import { growDatabase } from '@db/seed/scale';
import type { DatabaseAccess } from '@/server/db';
import { fetchCurrent, purgeEveryPage } from '../helpers/purge.ts';
import type { Article, ArticleSummary } from '@/lib/wire/articles';
import type { PublicComment } from '@/lib/wire/comments';
import { fullScans, planRecorder, sortedGroups, sortedPages } from '../helpers/query-plans.ts';
import { useTestServer } from '../helpers/test-server.ts';

const ARTICLES = 3_000;
const COMMENTS = 20_000;
const server = useTestServer();

beforeAll(() => {
  // No planner statistics: every query must be served by an index even before the site's
  // hourly upkeep has analyzed the grown tables.
  growDatabase({ path: filePathOf(server.databaseUrl), articles: ARTICLES, comments: COMMENTS, analyze: false });
}, 180_000);

/** sqlite_stat1 of the articles' and comments' indexes on the bench's grown database (none yet for the authors' index). */
const STATISTICS_AT_100K: Record<string, string> = {
  articles_category_time_idx: '100000 16667 1',
  articles_category_title_idx: '100000 16667 23 1 1 1',
  articles_published_idx: '100000 50000 1',
  articles_sitemap_idx: '100000 50000 1 1 1 1',
  articles_slug_unique: '100000 1',
  articles_status_category_idx: '100000 50000 8334 1',
  articles_status_featured_idx: '100000 50000 25000 1',
  articles_status_title_idx: '100000 50000 20 1 1',
  articles_time_idx: '100000 1',
  articles_title_idx: '100000 23',
  articles_visibility_idx: '100000 1 1 1 1',
  comments_article_idx: '1000000 11 6 1',
  comments_article_time_idx: '1000000 11 1',
  comments_moderation_idx: '1000000 500000 1',
  comments_time_idx: '1000000 1',
};

const get = (path: string) => fetch(`${server.url}${path}`);

/** Runs every public list, search, count and sitemap query of the site on `db`. */
async function runPublicQueries(db: ReturnType<typeof planRecorder>['db']): Promise<void> {
  const queries = { ...(await import('@/server/queries/articles')), ...(await import('@/server/queries/article-search')) };
  const commentQueries = await import('@/server/queries/comments');
  const authorQueries = await import('@/server/queries/authors');
  const relatedQueries = await import('@/server/queries/related-articles');
  const related = await import('@/server/services/articles/related');
  const now = new Date();
  const [some] = await server.database.db
    .select({ id: articles.id, categoryId: articles.categoryId, title: articles.title, excerpt: articles.excerpt })
    .from(articles)
    .limit(1);
  const [author] = await server.database.db.select({ id: authors.id }).from(authors).limit(1);
  await queries.listPublicArticleIds({ now }, 12, 0, db);
  await queries.listPublicArticleIds({ now }, 12, 2_400, db);
  await queries.listPublicArticleIds({ now, category: 'coal' }, 12, 120, db);
  await queries.listPublicArticleIds({ now, featured: true }, 4, 0, db);
  await queries.countPublicArticles({ now }, db);
  await queries.countPublicArticles({ now, category: 'nuclear' }, db);
  await queries.countArticlesByCategory(now, db);
  await queries.searchPublicArticleIds('"gas"*', { now }, 12, 0, db);
  await queries.searchPublicArticleIds('"henry"* "hub"*', { now, category: 'oil-gas' }, 12, 24, db);
  await queries.countSearchMatches('"gas"*', { now }, db);
  await queries.getSearchSnippets('"gas"*', [1, 2, 3], db);
  await queries.getArticlesByIds([1, 2, 3], true, db);
  await queries.listArticleSitemapEntries(1_000, 1_000, now, db);
  await queries.getArticleBySlug('permian-output-holds-near-record-as-rig-count-slips', now, db);
  // Related stories: the page reads the stored list by key, then the category's newest; the list is
  // computed at save from the full-text index on the article's words, in its topic and outside it.
  expect(some && queries.toRelatedFtsQuery(some)).toBeTruthy();
  if (some) {
    await relatedQueries.listStoredRelatedIds(some.id, 3, now, db);
    await queries.listNewestInCategory(some.categoryId, [some.id], 3, now, db);
    await related.findRelatedArticleIds(some, now, db);
  }
  // An author's archive and feed, its count, and the check before an author is deleted.
  expect(author).toBeDefined();
  await queries.listPublicArticleIds({ now, authorId: author?.id ?? 1 }, 12, 0, db);
  await queries.listPublicArticleIds({ now, authorId: author?.id ?? 1 }, 12, 120, db);
  await queries.countPublicArticles({ now, authorId: author?.id ?? 1 }, db);
  await authorQueries.countArticlesOfAuthor(author?.id ?? 1, db);
  await commentQueries.listApprovedComments(some?.id ?? 1, { limit: 50 }, db);
  await commentQueries.countApprovedComments(some?.id ?? 1, db);
  // Corrections: an article's (its page, its feed items), the corrections page, its count; the news sitemap's two days.
  const correctionQueries = await import('@/server/queries/corrections');
  await correctionQueries.listCorrectionsOf([100, 200, 300], 50, db);
  await correctionQueries.listPublicCorrections(20, 0, now, db);
  await correctionQueries.listPublicCorrections(20, 20, now, db);
  await correctionQueries.countPublicCorrections(now, db);
  await queries.listArticlesPublishedBetween(new Date(now.getTime() - 48 * 3_600_000), now, 1_000, {}, db);
}

/**
 * Runs the moderation list's default order on `db` as its service does (pending first, then
 * approved, each newest first; also for one article), on a first and a deep page.
 */
async function runModerationQueries(db: ReturnType<typeof planRecorder>['db']): Promise<void> {
  const commentQueries = await import('@/server/queries/comments');
  for (const status of ['pending', 'approved'] as const) {
    for (const offset of [0, 5_000]) await commentQueries.listModerationComments({ filter: { status }, sort: 'newest', limit: 50, offset }, db);
    await commentQueries.listModerationComments({ filter: { status, articleId: 3 }, sort: 'newest', limit: 50, offset: 0 }, db);
  }
  await commentQueries.countModerationComments({ status: 'pending', articleId: 3 }, undefined, db);
}

describe(`a newsroom-sized archive (${ARTICLES} articles, ${COMMENTS} comments)`, () => {
  it('serves every public list, search, count and sitemap query, and the moderation list, from an index, never a full scan', async () => {
    const { db, plans } = planRecorder(server);
    await runPublicQueries(db);
    await runModerationQueries(db);
    expect(plans.length).toBeGreaterThanOrEqual(24);
    expect(fullScans(plans)).toEqual([]);
    expect(sortedPages(plans)).toEqual([]);
    expect(sortedGroups(plans)).toEqual([]);
  });

  // The hourly upkeep (PRAGMA optimize) analyzes the tables. With the statistics of a real
  // archive of 100,000 articles and 1,000,000 comments, analyzed before the authors' index
  // was added (those below, as the bench's database had them), the planner chose the
  // sitemap's index for the category counts and sorted every public article to group them
  // (150 ms a count). Start-up now analyzes such an index; the queries must not need it.
  it('keeps every such query on its index under the planner statistics of 100,000 articles', async () => {
    await server.database.client.execute('ANALYZE');
    await server.database.client.batch([
      "DELETE FROM sqlite_stat1 WHERE tbl IN ('articles', 'comments')",
      ...Object.entries(STATISTICS_AT_100K).map(([idx, stat]) => ({
        sql: 'INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)',
        args: [idx.startsWith('comments') ? 'comments' : 'articles', idx, stat],
      })),
    ]);
    const { db, plans } = planRecorder(server);
    await runPublicQueries(db);
    await runModerationQueries(db);
    expect(fullScans(plans)).toEqual([]);
    expect(sortedPages(plans)).toEqual([]);
    expect(sortedGroups(plans)).toEqual([]);
  });

  it('reads the corrections page and its count through the corrections, each article by its key, whatever the archive’s size', async () => {
    const { db, plans } = planRecorder(server);
    const correctionQueries = await import('@/server/queries/corrections');
    const now = new Date();
    expect(await correctionQueries.listPublicCorrections(20, 0, now, db)).toHaveLength(20);
    expect(await correctionQueries.countPublicCorrections(now, db)).toBeGreaterThan(20);
    expect(plans).toHaveLength(2);
    // Each article by its id: its row, or an index that starts with the id.
    for (const { plan } of plans) {
      const articleLines = plan.filter((line) => /\barticles\b/.test(line));
      expect(articleLines).toHaveLength(1);
      expect(articleLines[0]).toMatch(/^SEARCH articles USING (INTEGER PRIMARY KEY \(rowid=\?\)|(COVERING )?INDEX \w+ \(id=\?)/);
    }
    expect(sortedPages(plans)).toEqual([]);
  });

  // The revision watch (#33): after an import run, one statement finds the published stories
  // citing a figure the run revised: the run's revisions through the run's index, each one's
  // series by its key, the stories citing it through the citations' index (series, period, then
  // the article id and value), each story's visibility checked by key, whatever the archive's size.
  it('finds the stories citing the figures an import run revised in one statement, through the run’s index and the citations’ index, under the planner statistics of 100,000 articles', async () => {
    const { db, plans } = planRecorder(server);
    const citationQueries = await import('@/server/queries/citations');
    const watch = await import('@/server/services/articles/revision-watch');
    const client = server.database.client;
    const [cited] = (
      await client.execute(
        "SELECT c.key, c.period, c.value_as_published AS value, c.article_id AS id, s.id AS seriesId FROM article_citations c JOIN articles a ON a.id = c.article_id JOIN market_series s ON s.slug = c.key WHERE c.element = 'figure' AND a.status = 'published' AND a.published_at < ? ORDER BY c.article_id DESC LIMIT 1",
        [Date.now()],
      )
    ).rows;
    expect(cited).toBeDefined();
    await client.batch([
      "DELETE FROM sqlite_stat1 WHERE tbl = 'article_citations'",
      // Five series cited over eight years of days (about seven stories a figure), as the grown archive has them.
      {
        sql: 'INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)',
        args: ['article_citations', 'article_citations_data_idx', '100000 100000 20000 7 1 1'],
      },
      {
        sql: 'INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)',
        args: ['article_citations', 'sqlite_autoindex_article_citations_1', '100000 1 1 1 1'],
      },
    ]);
    const run = await client.execute(
      "INSERT INTO import_runs (started_at, status, trigger, rows, message) VALUES (?, 'succeeded', 'scheduled', 1, '') RETURNING id",
      [Date.now()],
    );
    const runId = Number(run.rows[0]?.['id']);
    await client.execute(
      `INSERT INTO figure_revisions (dataset, figure, period, seen_at, value, run_id, revised) VALUES ('market', ?, ?, ?, ?, ?, 1)`,
      [String(Number(cited?.['seriesId'])), cited?.['period'] as string, Date.now(), Number(cited?.['value']) + 1, runId],
    );
    const found = await watch.revisedCitations(runId, new Date(), db);
    expect(found).toContainEqual(
      expect.objectContaining({
        articleId: Number(cited?.['id']),
        seriesSlug: cited?.['key'],
        period: cited?.['period'],
        valueAsPublished: Number(cited?.['value']),
        value: Number(cited?.['value']) + 1,
      }),
    );
    expect(await citationQueries.isFigureOfSeries({ series: 'wti', period: '1999-01-04' }, 1, db)).toBe(false);
    expect(plans).toHaveLength(2);
    const [ofRun, known] = plans;
    // Each table through an index, in this order; the figure each revision replaced by the vintages' key.
    expect(ofRun?.plan).toEqual([
      expect.stringMatching(/^SEARCH v USING INDEX figure_revisions_run_idx \(run_id=\? AND dataset=\?\)$/),
      expect.stringMatching(/^SEARCH s USING INTEGER PRIMARY KEY \(rowid=\?\)$/),
      expect.stringMatching(/^SEARCH c USING COVERING INDEX article_citations_data_idx \(kind=\? AND key=\? AND period=\?\)$/),
      expect.stringMatching(/^SEARCH a USING COVERING INDEX articles_visibility_idx \(id=\? AND status=\? AND published_at<\?\)$/),
      'CORRELATED SCALAR SUBQUERY 1',
      expect.stringMatching(/^SEARCH p USING INDEX \S+ \(dataset=\? AND figure=\? AND period=\? AND seen_at<\?\)$/),
    ]);
    expect(ofRun?.plan.join(' ')).not.toMatch(/TEMP B-TREE|SCAN/);
    // Whether a stated figure is the data's: the series by its slug, then each table by its key.
    expect(known?.plan.join(' | ')).toMatch(
      /^SEARCH s USING COVERING INDEX \S+ \(slug=\?\)(?=.*SEARCH o USING INDEX \S+ \(series_id=\? AND period=\?\))(?=.*SEARCH v USING INDEX \S+ \(dataset=\? AND figure=\? AND period=\?\))/,
    );
    expect(fullScans(plans, ['articles', 'article_citations', 'market_observations', 'figure_revisions', 'market_series'])).toEqual([]);
  });

  it('would notice a full scan (the check itself can fail)', async () => {
    const { db, plans } = planRecorder(server);
    await db.select({ id: comments.id }).from(comments).where(like(comments.content, '%gas%')).limit(1);
    expect(fullScans(plans)).toHaveLength(1);
  });

  it('keeps a numbered archive down to the first article, with prev/next and canonical links', async () => {
    const first = await (await get('/news')).text();
    const total = Number((await get('/api/articles?limit=1&fields=summary')).headers.get('X-Total-Count'));
    expect(total).toBeGreaterThan(2_900);
    const lastPage = Math.ceil(total / 12);
    expect(first).toContain(`href="/news?page=${lastPage}"`);
    expect(first).toContain('<link rel="next" href="http://localhost:4321/news?page=2"');
    const last = await get(`/news?page=${lastPage}`);
    expect(last.status).toBe(200);
    const lastHtml = await last.text();
    expect(lastHtml).toContain(`<link rel="canonical" href="http://localhost:4321/news?page=${lastPage}"`);
    expect(lastHtml).toContain(`<link rel="prev" href="http://localhost:4321/news?page=${lastPage - 1}"`);
    expect(lastHtml).not.toContain('rel="next"');
    // The oldest public article is on the last page.
    const oldest = await server.database.client.execute(
      "SELECT slug FROM articles WHERE status = 'published' AND published_at <= unixepoch('subsec') * 1000 ORDER BY published_at, id LIMIT 1",
    );
    expect(lastHtml).toContain(`/article/${oldest.rows[0]?.['slug'] as string}`);
    expect((await get(`/news?page=${lastPage + 1}`)).status).toBe(404);
    const category = await (await get('/news?category=coal&page=3')).text();
    // A category's list names its topic page, the same page of the same archive, as canonical.
    expect(category).toContain('<link rel="canonical" href="http://localhost:4321/category/coal?page=3"');
  });

  it('relates the grown archive in the background, a batch at a time, and shows each article the stories stored for it', async () => {
    const { relateNextArticles } = await import('@/server/services/articles/related');
    const db = server.database.db;
    const access: DatabaseAccess = { read: db, write: (fn) => db.transaction(fn) };
    const cursor = async () =>
      (await server.database.client.execute("SELECT value FROM site_state WHERE key = 'related_articles_cursor'")).rows[0]?.['value'];
    // The start related the seeded articles; the grown ones wait for the pass.
    expect(Number(await cursor())).toBe(30);
    expect(await relateNextArticles(100, access)).toBe(100);
    expect(Number(await cursor())).toBe(130);
    const lists = await server.database.client.execute(
      'SELECT article_id, group_concat(related_id) AS ids FROM (SELECT * FROM related_articles WHERE article_id BETWEEN 31 AND 130 ORDER BY article_id, position) GROUP BY article_id',
    );
    expect(lists.rows.length).toBeGreaterThan(90);
    // An article's page shows its stored list, closest first (each copy's topic shares its words).
    const row = lists.rows.find((r) => (r['ids'] as string).split(',').length >= 3);
    const ids = (row?.['ids'] as string).split(',').map(Number);
    const slugs = await server.database.client.execute({
      sql: `SELECT id, slug, category_id, status, published_at FROM articles WHERE id IN (${[Number(row?.['article_id']), ...ids].join(',')})`,
      args: [],
    });
    const slugOf = new Map(slugs.rows.map((r) => [Number(r['id']), r]));
    const article = slugOf.get(Number(row?.['article_id']));
    expect(article?.['status']).toBe('published');
    await purgeEveryPage(db);
    const html = await (await fetchCurrent(`${server.url}/article/${article?.['slug'] as string}`)).text();
    const section = html.slice(html.indexOf('id="related-title"'));
    const shown = [...new Set([...section.matchAll(/href="\/article\/([a-z0-9-]+)"/g)].map((m) => m[1]))].slice(0, 3);
    const publicIds = ids.filter((id) => slugOf.get(id)?.['status'] === 'published' && Number(slugOf.get(id)?.['published_at']) <= Date.now());
    expect(shown).toEqual(publicIds.slice(0, 3).map((id) => slugOf.get(id)?.['slug'] as string));
    expect(publicIds.slice(0, 3).every((id) => slugOf.get(id)?.['category_id'] === article?.['category_id'])).toBe(true);
  });

  it('pages the API to the end of the archive', async () => {
    const total = Number((await get('/api/articles?limit=1&fields=summary')).headers.get('X-Total-Count'));
    const tail = (await (await get(`/api/articles?limit=10&offset=${total - 3}&fields=summary`)).json()) as ArticleSummary[];
    expect(tail).toHaveLength(3);
    expect((await (await get(`/api/articles?limit=10&offset=${total}`)).json()) as Article[]).toEqual([]);
  });

  it('ranks search results and marks the matched words in a safe snippet', async () => {
    const res = await get('/api/articles?q=henry%20hub&limit=5&snippet=true&fields=summary');
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('X-Total-Count'))).toBeGreaterThan(10);
    const items = (await res.json()) as (ArticleSummary & { snippet: string })[];
    expect(items).toHaveLength(5);
    expect(items[0]?.snippet).toMatch(/<mark>[Hh]enry<\/mark>/);
    // Without asking, no snippet.
    const plain = (await (await get('/api/articles?q=henry%20hub&limit=1')).json()) as Article[];
    expect(plain[0]).not.toHaveProperty('snippet');
    // The news page shows the passage with the words highlighted.
    expect(await (await get('/news?q=henry%20hub')).text()).toMatch(/<mark[^>]*>[Hh]enry<\/mark>/);
  });

  it('ranks the newest thousand matches of a common word first, then the older ones, and pages through every match once', async () => {
    const { SEARCH_RANK_WINDOW } = await import('@/server/queries/article-search');
    const first = await get('/api/articles?q=gas&limit=100&fields=summary');
    const total = Number(first.headers.get('X-Total-Count'));
    expect(total).toBeGreaterThan(SEARCH_RANK_WINDOW);
    const seen: number[] = [];
    for (let offset = 0; offset < total; offset += 100) {
      const items = (await (await get(`/api/articles?q=gas&limit=100&offset=${offset}&fields=summary`)).json()) as ArticleSummary[];
      seen.push(...items.map((a) => a.id));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    // The first pages hold exactly the newest matches (by id); the rest are all older.
    const window = seen.slice(0, SEARCH_RANK_WINDOW);
    const rest = seen.slice(SEARCH_RANK_WINDOW);
    expect(Math.min(...window)).toBeGreaterThan(Math.max(...rest));
    // A page across the boundary joins the two without a gap or a repeat.
    const across = (await (await get(`/api/articles?q=gas&limit=10&offset=${SEARCH_RANK_WINDOW - 5}&fields=summary`)).json()) as ArticleSummary[];
    expect(across.map((a) => a.id)).toEqual(seen.slice(SEARCH_RANK_WINDOW - 5, SEARCH_RANK_WINDOW + 5));
  });

  it('escapes everything in a snippet but the marks', async () => {
    // Arranged on a connection of its own (see planRecorder): a fresh one holds no old snapshot.
    const database = await openDatabase({ url: server.databaseUrl });
    const [cat] = await database.db.select().from(categories).limit(1);
    const now = new Date();
    await database.db.insert(articles).values({
      slug: 'snippet-escaping-probe',
      title: 'Zyxwv probe',
      excerpt: 'A probe',
      content: '<p>x</p>',
      contentText: 'zyxwv <img src=x onerror=alert(1)> & "quotes"',
      author: 'Test',
      categoryId: cat?.id ?? 1,
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    // As every write through the site does: cached pages and counts follow the content.
    await purgeEveryPage(database.db);
    database.close();
    const [item] = (await (await get('/api/articles?q=zyxwv&snippet=true')).json()) as { snippet: string }[];
    expect(item?.snippet).toContain('<mark>zyxwv</mark>');
    expect(item?.snippet).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(item?.snippet).not.toContain('<img');
  });

  it('pages the comments under an article: newest first by page, oldest first within, with the total', async () => {
    const busiest = await server.database.client.execute(
      'SELECT article_id AS id, count(*) AS n FROM comments WHERE approved = 1 GROUP BY article_id ORDER BY n DESC LIMIT 1',
    );
    const articleId = Number(busiest.rows[0]?.['id']);
    const total = Number(busiest.rows[0]?.['n']);
    expect(total).toBeGreaterThan(50);
    const firstRes = await get(`/api/articles/${articleId}/comments`);
    expect(firstRes.headers.get('X-Total-Count')).toBe(String(total));
    const first = (await firstRes.json()) as PublicComment[];
    expect(first).toHaveLength(50);
    const times = first.map((c) => Date.parse(c.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const older = (await (await get(`/api/articles/${articleId}/comments?before=${first[0]?.id}`)).json()) as PublicComment[];
    expect(older.length).toBeGreaterThan(0);
    expect(Date.parse(older.at(-1)?.createdAt ?? '')).toBeLessThanOrEqual(times[0] ?? 0);
    expect(new Set([...older, ...first].map((c) => c.id)).size).toBe(older.length + first.length);
  });

  it('splits the sitemap into files of at most 50,000 URLs behind an index', async () => {
    const { articleSitemapFileCount } = await import('@/server/services/site/sitemap');
    expect(articleSitemapFileCount(0)).toBe(1);
    expect(articleSitemapFileCount(50_000)).toBe(1);
    expect(articleSitemapFileCount(50_001)).toBe(2);
    expect(articleSitemapFileCount(100_000)).toBe(2);
    const index = await (await get('/sitemap.xml')).text();
    // The pages file, the news sitemap and one file of articles.
    expect(index.match(/<sitemap>/g)).toHaveLength(3);
    expect(index).toContain('/sitemaps/news.xml</loc>');
    const file = await (await get('/sitemaps/articles-1.xml')).text();
    const total = Number((await get('/api/articles?limit=1&fields=summary')).headers.get('X-Total-Count'));
    expect(file.match(/<url>/g)).toHaveLength(total);
    expect((await get('/sitemaps/articles-2.xml')).status).toBe(404);
  });
});
