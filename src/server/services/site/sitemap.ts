import { cachedForContent } from '@/server/content-version';
import { listAnalyticsSitemapEntries } from '@/server/queries/analytics-content';
import { CORRECTIONS_PATH, authorUrl, topicUrl } from '@/lib/archive-urls';
import { countPublicArticles, listArticleSitemapEntries, listArticlesPublishedBetween } from '@/server/queries/articles';
import { listAuthors } from '@/server/queries/authors';
import { listCategories } from '@/server/queries/categories';
import { listSeriesSummaries } from '@/server/services/markets/series';
import { showsTags, validUntil } from '@/server/cache/render-scope';
import { NEWS_SITEMAP_PATH, SITE_NAME } from '@/lib/site';
import { tag } from '@/server/cache/tags';
import { xmlText } from '@/lib/markup';

/** The most URLs one sitemap file may hold (sitemaps.org). */
export const SITEMAP_URLS_PER_FILE = 50_000;

/** The news sitemap lists the articles of the last two days (Google News' window)… */
export const NEWS_SITEMAP_WINDOW_MS = 48 * 3_600_000;
/** …at most this many (Google News reads at most 1,000 per file). */
export const NEWS_SITEMAP_MAX_URLS = 1_000;

/** The pages besides articles that search engines should know. */
const STATIC_PATHS = [
  '/',
  '/news',
  '/markets',
  '/analytics',
  '/calendar',
  '/newsletter',
  CORRECTIONS_PATH,
  '/about',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/api/docs',
];

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** How many article sitemap files `articles` articles take (at least one, so the index is never empty). */
export function articleSitemapFileCount(articles: number, perFile: number = SITEMAP_URLS_PER_FILE): number {
  return Math.max(1, Math.ceil(articles / perFile));
}

/** The sitemap index: the static pages' file, the news sitemap and one file per 50,000 articles, oldest first. */
export async function sitemapIndexXml(site: URL): Promise<string> {
  showsTags(tag.everyArticle);
  const articles = await cachedForContent('sitemap|count', () => countPublicArticles({ now: new Date() }));
  const files = ['/sitemaps/pages.xml', NEWS_SITEMAP_PATH];
  for (let n = 1; n <= articleSitemapFileCount(articles); n++) files.push(`/sitemaps/articles-${n}.xml`);
  const entries = files.map((path) => `<sitemap><loc>${xmlText(new URL(path, site).href)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** Author pages the pages file lists at most (a newsroom has far fewer authors). */
const MAX_AUTHOR_URLS = 10_000;

/**
 * The sitemap file of the pages that are not articles: the static pages, each market series'
 * page, each topic page, each author page and each analysis item's page (an editor writes
 * each, so they are few; the file holds the newest that fit).
 */
export async function pagesSitemapXml(site: URL): Promise<string> {
  showsTags(tag.authorIndex, tag.analysisList, tag.market);
  const [categories, authors, series] = await Promise.all([listCategories(), listAuthors(MAX_AUTHOR_URLS, 0), listSeriesSummaries()]);
  const paths = [...STATIC_PATHS, ...series.map((s) => s.page), ...categories.map((c) => topicUrl(c.slug)), ...authors.map((a) => authorUrl(a.slug))];
  const analyses = await listAnalyticsSitemapEntries(SITEMAP_URLS_PER_FILE - paths.length);
  const entries = [
    ...paths.map((p) => `<url><loc>${xmlText(new URL(p, site).href)}</loc></url>`),
    ...analyses.map(
      (a) => `<url><loc>${xmlText(new URL(`/analytics/${a.id}`, site).href)}</loc><lastmod>${a.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

/** Article sitemap file `n` (1-based), or undefined past the last one. */
export async function articleSitemapXml(site: URL, n: number, perFile: number = SITEMAP_URLS_PER_FILE): Promise<string | undefined> {
  showsTags(tag.sitemap);
  const entries = await listArticleSitemapEntries((n - 1) * perFile, perFile);
  if (entries.length === 0 && n > 1) return undefined;
  // Slugs are [a-z0-9-]: one escaped prefix serves every URL of the file.
  const prefix = xmlText(new URL('/article/', site).href);
  const urls = entries.map((a) => `<url><loc>${prefix}${a.slug}</loc><lastmod>${a.updatedAt.toISOString()}</lastmod></url>`);
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * The Google News sitemap: the public articles published in the last 48 hours, newest first
 * (at most 1,000), each with the publication's name and language, its publish time and title
 * (`news:` namespace). It changes when an article is published, edited or withdrawn (the
 * sitemap tag), and turns stale by itself when its oldest article leaves the window.
 */
export async function newsSitemapXml(site: URL, now: Date = new Date()): Promise<string> {
  showsTags(tag.sitemap);
  const entries = await listArticlesPublishedBetween(new Date(now.getTime() - NEWS_SITEMAP_WINDOW_MS), now, NEWS_SITEMAP_MAX_URLS);
  const oldest = entries.at(-1);
  if (oldest) validUntil(oldest.publishedAt.getTime() + NEWS_SITEMAP_WINDOW_MS);
  const prefix = xmlText(new URL('/article/', site).href);
  const publication = `<news:publication><news:name>${xmlText(SITE_NAME)}</news:name><news:language>en</news:language></news:publication>`;
  const urls = entries.map(
    (a) =>
      `<url><loc>${prefix}${a.slug}</loc><news:news>${publication}<news:publication_date>${a.publishedAt.toISOString()}</news:publication_date><news:title>${xmlText(a.title)}</news:title></news:news></url>`,
  );
  const namespaces = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"';
  return `${XML_HEAD}<urlset ${namespaces}>\n${urls.join('\n')}\n</urlset>\n`;
}
