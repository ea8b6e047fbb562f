// Which pages the page cache keeps and what caches are told about them: the cached routes and
// the query parameters each reads (its cache key), the private requests never cached, and the
// Cache-Control of a fresh, a stale and a prerendered page.
import { GRID_EMBED_PARAMS, STATE_EMBED_PARAMS } from '@/lib/data-desk-views';
import { REPORT_EMBED_PARAMS } from '@/lib/chart-embeds';
import { EMBED_THEME_PARAM } from '@/lib/embed-theme';
import { SERIES_VIEW_PARAMS } from '@/lib/series-view';

/**
 * The on-demand pages that are cached, by Astro route pattern, each with the query
 * parameters it reads. Only those parameters are part of its cache key: any other
 * parameter (a tracking tag, a fuzzer's noise) is ignored, so it can never create an entry.
 * The campaign tags of the site's mails (`CAMPAIGN_PARAMS`, `utm_*`) are read by the page's
 * beacon in the browser, never by the server, so no page may list them: a link from a mail
 * is answered from the same entry as the plain address.
 */
export const CACHEABLE_ROUTES: Readonly<Record<string, readonly string[]>> = {
  '/': [],
  '/news': ['category', 'q', 'page'],
  '/article/[slug]': [],
  '/category/[slug]': ['page'],
  '/category/[slug]/rss.xml': [],
  '/author/[slug]': ['page'],
  '/author/[slug]/rss.xml': [],
  '/analytics': ['tab', 'report', 'page'],
  '/analytics/[id]': [],
  '/calendar': ['kind', 'page'],
  '/calendar.ics': [],
  '/markets': [],
  '/newsletter': [],
  '/markets/[slug]': SERIES_VIEW_PARAMS,
  '/embed/markets/[slug]': [...SERIES_VIEW_PARAMS, EMBED_THEME_PARAM],
  '/charts/markets/[file]': [...SERIES_VIEW_PARAMS, EMBED_THEME_PARAM],
  // Link-preview images of the data pages: the page's view and the image's version (`v`, services/charts/previews.ts).
  '/og/markets/[slug].png': [...SERIES_VIEW_PARAMS, 'v'],
  '/og/grid/[region].png': ['v'],
  '/og/states/[code].png': ['sector', 'v'],
  '/og/analytics/[id].png': ['v'],
  '/grid': [],
  '/grid/[region]': [],
  '/states': ['sector', 'sort', 'dir'],
  '/states/[code]': ['sector'],
  '/embed/grid/[region]': [...GRID_EMBED_PARAMS, EMBED_THEME_PARAM],
  '/embed/states/[code]': [...STATE_EMBED_PARAMS, EMBED_THEME_PARAM],
  '/embed/reports/[kind]': [...REPORT_EMBED_PARAMS, EMBED_THEME_PARAM],
  '/embed/analysis/[id]': [EMBED_THEME_PARAM],
  '/embed/cards/[card]': [EMBED_THEME_PARAM],
  '/charts/grid/[file]': [...GRID_EMBED_PARAMS, EMBED_THEME_PARAM],
  '/charts/states/[file]': [...STATE_EMBED_PARAMS, EMBED_THEME_PARAM],
  '/charts/reports/[file]': [...REPORT_EMBED_PARAMS, EMBED_THEME_PARAM],
  '/api/docs': [],
  '/rss.xml': [],
  '/sitemap.xml': [],
  '/sitemaps/pages.xml': [],
  '/sitemaps/news.xml': [],
  '/corrections': ['page'],
  '/sitemaps/articles-[n].xml': [],
};

/**
 * Whether a request is for one reader only and must neither be answered from nor stored in
 * the page cache: an article opened through a preview link (`?preview=`).
 */
export function isPrivatePageRequest(url: URL): boolean {
  // Without a query there is nothing to look for (and no URLSearchParams to build on a hit).
  return url.search !== '' && url.searchParams.has('preview');
}

/**
 * How browsers and shared caches may keep a page. Browsers revalidate every use (the
 * ETag makes that a 304); a shared cache (a CDN, Varnish) keeps it for `s-maxage` and may
 * serve it stale for a moment while it refetches, or while the origin fails. With a purge
 * configured (CACHE_PURGE_URL), a change purges exactly the pages that show it, so shared
 * caches keep pages a day; without one they keep them a minute.
 */
export function pageCacheControl(options: { purged: boolean; validForSeconds?: number | undefined }): string {
  const shared = options.purged ? 86_400 : 60;
  const sMaxAge = Math.max(1, Math.min(shared, options.validForSeconds ?? shared));
  return `public, max-age=0, must-revalidate, s-maxage=${sMaxAge}, stale-while-revalidate=30, stale-if-error=86400`;
}

/** What a prerendered page (the same until the next deploy) says to caches. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** The part of a cache key that names the page: the path and the parameters it reads, sorted. */
export function pageAddress(url: URL, params: readonly string[]): string {
  if (params.length === 0 || url.search === '') return url.pathname;
  const kept = new URLSearchParams();
  // Every value of a repeated parameter (a form's `compare`), so two queries a page reads apart never share a key.
  for (const name of params) {
    for (const value of url.searchParams.getAll(name)) if (value !== '') kept.append(name, value);
  }
  kept.sort();
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * What a stale page says to shared caches: keep it a second at most, so a cache in front
 * asks again once its new version is stored here (it must not keep the old one a day).
 */
export const STALE_PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=1';
