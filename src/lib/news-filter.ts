/** What the news page filters by: a category slug or 'all', and search text. */
export interface NewsFilter {
  category: string;
  search: string;
}

/** Search text takes effect after this pause in typing. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Articles loaded per page of the news list. */
export const NEWS_PAGE_SIZE = 12;

/**
 * The news list's client-side filter: shown if the category is 'all' or the article's,
 * and the search is empty or the title or excerpt contains it, case-insensitively.
 */
export function matchesNewsFilter(article: { title: string; excerpt: string; category: { slug: string } }, filter: NewsFilter): boolean {
  const search = filter.search.trim().toLowerCase();
  const categoryOk = filter.category === 'all' || filter.category === article.category.slug;
  const searchOk = search === '' || article.title.toLowerCase().includes(search) || article.excerpt.toLowerCase().includes(search);
  return categoryOk && searchOk;
}

/** The /news URL for a filter (and archive page), keeping only what differs from the defaults. */
export function newsUrl(filter: NewsFilter, page = 1): string {
  const params = new URLSearchParams();
  if (filter.category && filter.category !== 'all') params.set('category', filter.category);
  if (filter.search.trim()) params.set('q', filter.search.trim());
  if (page > 1) params.set('page', String(page));
  const qs = params.toString();
  return qs ? `/news?${qs}` : '/news';
}

/** How many archive pages `total` articles fill (at least one). */
export function newsPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE));
}

/**
 * The page numbers an archive's navigation shows: the first, the last, and a window around
 * the current one; `null` marks a gap. Every page stays reachable through next/previous.
 */
export function pageWindow(current: number, last: number, radius = 2): (number | null)[] {
  const pages = new Set([1, last]);
  for (let p = Math.max(1, current - radius); p <= Math.min(last, current + radius); p++) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [i, p] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous !== undefined && p - previous > 1) out.push(null);
    out.push(p);
  }
  return out;
}
