import { seriesAnnotatedBy } from '@/server/services/markets/annotations';
import { analysisChartOf, type AnalysisSummary } from '@/lib/analysis';
import { truncateAtWord } from '@/lib/format';
import { NEWS_PAGE_SIZE, newsPageCount } from '@/lib/news-filter';
import { TOPIC_MARKET_SERIES } from '@/lib/categories';
import { lastModified } from '@/lib/article-meta';
import type { ArticleSeo } from '@/lib/wire/articles';
import type { EnergyMixEntry } from '@/lib/wire/markets';
import { seriesInfo, staleFrom } from '@/lib/series-catalog';
import { archivePageQuerySchema } from '@/lib/validation/page-query';
import { showsArticles, showsHeadlines, showsTags, validUntil } from '@/server/cache/render-scope';
import { tag } from '@/server/cache/tags';
import { cachedForContent } from '@/server/content-version';
import { countArticlesByCategory, getArticleBySlug, getArticleSeo } from '@/server/queries/articles';
import { getAuthorBySlug } from '@/server/queries/authors';
import { getCategoryBySlug, listCategories } from '@/server/queries/categories';
import { listMarketData } from '@/server/queries/market';
import { getZohoRow, type ZohoRow } from '@/server/queries/zoho-config';
import { listAnalyticsPage } from '@/server/services/analytics/content';
import { listPublicArticles } from '@/server/services/articles/lists';
import { listRelatedArticles, RELATED_SHOWN } from '@/server/services/articles/related';
import { getPreviewArticle } from '@/server/services/articles/preview';
import { correctionsShownWith } from '@/server/services/articles/corrections';
import { getDashboardData, getEnergyMixWithSource } from '@/server/services/markets/figures';
import { articleForReaders, findLibraryImage } from '@/server/services/media/responsive-images';
import { storyBodyForReaders } from '@/server/services/articles/story-data';
import { dashboardsOf } from '@/server/services/analytics/zoho';

/** The market figures a page shows: the page changes with them, and the moment one of them turns stale. */
async function marketFigures() {
  showsTags(tag.market);
  const items = await listMarketData();
  for (const item of items) {
    const info = seriesInfo(item.slug, item.frequency);
    // A series EIA stopped never turns stale.
    if (!item.stale && !info.ended) validUntil(staleFrom(item.asOf, info.staleAfterDays));
  }
  return items;
}

/**
 * The energy mix to chart: from the configured Zoho data view, else the stored generation
 * mix (EIA, or its sample stand-in), else the stored fallback mix.
 */
export async function getEnergyMix(zoho: Promise<ZohoRow | undefined> = getZohoRow()): Promise<EnergyMixEntry[]> {
  return (await getEnergyMixWithSource(zoho)).mix;
}

/** Everything the home page shows. */
export async function getHomePageData() {
  showsTags(tag.market, tag.zoho);
  const [featured, latest, marketData, dashboard] = await Promise.all([
    listPublicArticles({ featured: true, limit: 4, offset: 0 }),
    listPublicArticles({ limit: 10, offset: 0 }),
    marketFigures(),
    getDashboardData(),
  ]);
  const featuredIds = new Set(featured.items.map((a) => a.id));
  return {
    featured: featured.items,
    latest: latest.items.filter((a) => !featuredIds.has(a.id)).slice(0, 3),
    marketData,
    ...dashboard,
  };
}

/** How many of the newest stories a not-found page offers. */
export const NOT_FOUND_LATEST = 5;

/**
 * The newest stories a not-found page offers a reader who followed a dead link. Such pages
 * are never kept by the page cache (a flood of made-up addresses would fill it), so the list
 * is read once per content version and minute, not once per 404.
 */
export function getNotFoundPageData() {
  return cachedForContent('not-found|latest', async () => (await listPublicArticles({ limit: NOT_FOUND_LATEST, offset: 0 })).items);
}

/** The dashboard cards' figures, for a card's embed (`/embed/cards/{card}`): the cards' own tags (`market`, `zoho`). */
export async function getDashboardCardsData() {
  showsTags(tag.market, tag.zoho);
  return getDashboardData();
}

/** The news page: one archive page of the URL's filter (with search snippets), its page count, and the sidebar. */
export async function getNewsPageData(filter: { category: string; q: string; page: number }) {
  // The sidebar: every category's count, and the market figures.
  showsTags(tag.everyArticle, tag.market);
  const [list, categories, stats, marketData] = await Promise.all([
    listPublicArticles({ category: filter.category, q: filter.q, limit: NEWS_PAGE_SIZE, offset: (filter.page - 1) * NEWS_PAGE_SIZE, snippets: true }),
    listCategories(),
    getCategoryStats(),
    marketFigures(),
  ]);
  return { ...list, pageCount: newsPageCount(list.total), categories, stats, marketData };
}

/** An article's corrections (newest first) and when it last changed: its last save, or its newest correction when that is later. */
async function correctionsOf(article: { id: number; updatedAt: string }) {
  const corrections = (await correctionsShownWith([article.id])).get(article.id) ?? [];
  return { corrections, modifiedAt: lastModified(article.updatedAt, corrections) };
}

/** An article as readers see it, and its body cut at its chart blocks with its cited figures drawn in (see `storyBodyForReaders`). */
async function articleWithData<A extends Parameters<typeof articleForReaders>[0], R extends Parameters<typeof articleForReaders>[1][number]>(
  article: A,
  related: R[],
  site: URL,
) {
  const shown = await articleForReaders(article, related);
  const { segments, figures } = await storyBodyForReaders(shown.article.content, site);
  return { ...shown, body: segments, figures };
}

/** An article page: the article (or undefined), its body with the data it cites, its corrections, when it last changed, and its related articles. */
export async function getArticlePageData(slug: string, site: URL) {
  const article = await getArticleBySlug(slug);
  if (!article) return undefined;
  const [related, seo, corrected, annotatedSeries] = await Promise.all([
    listRelatedArticles(article, RELATED_SHOWN),
    getArticleSeo(article.id),
    correctionsOf(article),
    seriesAnnotatedBy(article.id),
  ]);
  // Its related stories show their headlines only (`ArticleCard`'s `headline`).
  showsArticles([article]);
  showsHeadlines(related);
  showsTags(tag.related(article.id));
  return { ...(await articleWithData(article, related, site)), ...corrected, annotatedSeries, seo: seo ?? NO_SEO };
}

const NO_SEO: ArticleSeo = { metaTitle: null, metaDescription: null, socialImageUrl: null };

/**
 * The article page opened through a preview link: the article as it is now, whatever its
 * status or publish time, or why the link opens nothing (`invalid`, `expired`).
 */
export async function getArticlePreviewData(token: string, site: URL) {
  const found = await getPreviewArticle(token);
  if ('error' in found) return found;
  const { article } = found;
  const [related, corrected, annotatedSeries] = await Promise.all([
    listRelatedArticles(article, RELATED_SHOWN),
    correctionsOf(article),
    seriesAnnotatedBy(article.id),
  ]);
  return {
    ...(await articleWithData(article, related, site)),
    ...corrected,
    annotatedSeries,
    seo: { metaTitle: article.metaTitle, metaDescription: article.metaDescription, socialImageUrl: article.socialImageUrl },
  };
}

/**
 * A topic page (/category/{slug}): the category with its description, one page of its
 * archive (newest first, as /news pages it), and the market figures of the topic; undefined
 * for an unknown category.
 */
/**
 * The page an archive address asks for (`?page=`, the first when unreadable) and its data:
 * undefined for a slug that cannot be one, one `load` does not know, or a page past the last.
 */
export async function archivePageOf<D extends { pageCount: number }>(
  slug: string | undefined,
  searchParams: URLSearchParams,
  load: (slug: string, page: number) => Promise<D | undefined>,
): Promise<{ page: number; data: D | undefined }> {
  const { page } = archivePageQuerySchema.parse(Object.fromEntries(searchParams));
  const data = slug && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? await load(slug, page) : undefined;
  return { page, data: data && page <= data.pageCount ? data : undefined };
}

export async function getTopicPageData(slug: string, page: number) {
  const category = await getCategoryBySlug(slug);
  showsTags(tag.topic(slug));
  if (!category) return undefined;
  const series = TOPIC_MARKET_SERIES[slug] ?? [];
  if (series.length > 0) showsTags(tag.market);
  const [list, marketData] = await Promise.all([
    listPublicArticles({ category: slug, limit: NEWS_PAGE_SIZE, offset: (page - 1) * NEWS_PAGE_SIZE }),
    series.length > 0 ? marketFigures() : Promise.resolve([]),
  ]);
  return {
    category,
    ...list,
    pageCount: newsPageCount(list.total),
    marketData: marketData.filter((item) => series.includes(item.slug)),
  };
}

/** An author page (/author/{slug}): the author and one page of their archive, newest first; undefined for an unknown author. */
export async function getAuthorPageData(slug: string, page: number) {
  const author = await getAuthorBySlug(slug);
  showsTags(tag.author(slug), tag.authorArticles(slug));
  if (!author) return undefined;
  const [list, photo] = await Promise.all([
    listPublicArticles({ authorId: author.id, limit: NEWS_PAGE_SIZE, offset: (page - 1) * NEWS_PAGE_SIZE }),
    findLibraryImage(author.photoUrl),
  ]);
  return { author, photo, ...list, pageCount: newsPageCount(list.total) };
}

/** Analysis items per page of /analytics. */
export const ANALYTICS_PAGE_SIZE = 12;
/** Characters of an analysis item's text its card on /analytics shows. */
const ANALYSIS_EXCERPT_CHARS = 280;

/** The /analytics page's data: market figures, the energy mix, one page of the analysis items, the dashboards. */
export async function getAnalyticsPageData(page: number) {
  showsTags(tag.market, tag.zoho, tag.analysisList);
  // The Zoho row gives both the energy mix and the dashboards: read once.
  const zoho = getZohoRow();
  const [marketData, dashboard, content, row] = await Promise.all([
    marketFigures(),
    getDashboardData(zoho),
    listAnalyticsPage({ limit: ANALYTICS_PAGE_SIZE, offset: (page - 1) * ANALYTICS_PAGE_SIZE }),
    zoho,
  ]);
  const dashboards = dashboardsOf(row);
  return {
    marketData,
    ...dashboard,
    content: content.items.map((item): AnalysisSummary => ({
      id: item.id,
      title: item.title,
      type: item.type,
      createdAt: item.createdAt,
      excerpt: truncateAtWord(item.content, ANALYSIS_EXCERPT_CHARS),
      hasChart: analysisChartOf(item.metadata) !== undefined,
    })),
    contentPages: Math.max(1, Math.ceil(content.total / ANALYTICS_PAGE_SIZE)),
    dashboardUrl: dashboards.energy,
    otherDashboards: dashboards.others,
  };
}

/** Published articles per category, counted once per content version. */
export function getCategoryStats() {
  return cachedForContent('category-stats', () => countArticlesByCategory());
}
