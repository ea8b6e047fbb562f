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
 * The spec's client-side rule (section 5): shown if the category is 'all' or the article's,
 * and the search is empty or the title or excerpt contains it, case-insensitively.
 */
export function matchesNewsFilter(article: { title: string; excerpt: string; category: { slug: string } }, filter: NewsFilter): boolean {
  const search = filter.search.trim().toLowerCase();
  const categoryOk = filter.category === 'all' || filter.category === article.category.slug;
  const searchOk = search === '' || article.title.toLowerCase().includes(search) || article.excerpt.toLowerCase().includes(search);
  return categoryOk && searchOk;
}

/** The /news URL for a filter, keeping only what differs from the defaults. */
export function newsUrl(filter: NewsFilter): string {
  const params = new URLSearchParams();
  if (filter.category && filter.category !== 'all') params.set('category', filter.category);
  if (filter.search.trim()) params.set('q', filter.search.trim());
  const qs = params.toString();
  return qs ? `/news?${qs}` : '/news';
}
