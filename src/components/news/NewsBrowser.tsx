import { useStore } from '@nanostores/react';
import { Search } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { getJson } from '../../lib/api-client.ts';
import { NEWS_PAGE_SIZE, SEARCH_DEBOUNCE_MS, matchesNewsFilter, newsUrl, type NewsFilter } from '../../lib/news-filter.ts';
import type { ArticleSummary, Category } from '../../lib/types.ts';
import { $newsFilter } from '../../stores/news-filter.ts';
import { CardSkeletons } from '../ui/Skeletons.tsx';
import { ArticleCard } from './ArticleCard.tsx';

/** Spec section 9: five placeholders while the news list loads. */
export const NEWS_PLACEHOLDERS = 5;

interface NewsBrowserProps {
  categories: Category[];
  initialFilter: NewsFilter;
  initialItems: ArticleSummary[];
  initialTotal: number;
}

function apiUrl(filter: NewsFilter, offset: number, limit: number): string {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (filter.category !== 'all') params.set('category', filter.category);
  if (filter.search.trim()) params.set('q', filter.search.trim());
  return `/api/articles?${params.toString()}`;
}

/**
 * The news list with its search box and category dropdown. Rendered on the server with
 * the URL's filter; in the browser, filter changes fetch from the API (search after a
 * 300 ms pause) and are written back to the URL. Without JavaScript the form submits.
 */
export default function NewsBrowser({ categories, initialFilter, initialItems, initialTotal }: NewsBrowserProps) {
  const filter = useStore($newsFilter);
  const [searchText, setSearchText] = useState(initialFilter.search);
  const [items, setItems] = useState(initialItems);
  const [total, setTotal] = useState(initialTotal);
  const [loading, setLoading] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = useRef<AbortController | null>(null);
  const first = useRef(true);

  // The store starts from the server's filter so both render the same list.
  if (first.current) $newsFilter.set(initialFilter);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    setError(null);
    window.history.replaceState(null, '', newsUrl(filter));
    getJson<ArticleSummary[]>(apiUrl(filter, 0, NEWS_PAGE_SIZE), { signal: controller.signal })
      .then(({ data, headers }) => {
        setItems(data);
        setTotal(Number(headers.get('X-Total-Count') ?? data.length));
        setLoading(false);
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        setError(e instanceof Error ? e.message : 'Could not load articles.');
        setLoading(false);
      });
    return () => controller.abort();
  }, [filter]);

  // Search text takes effect after a pause in typing.
  useEffect(() => {
    if (searchText === $newsFilter.get().search) return;
    const timer = setTimeout(() => $newsFilter.setKey('search', searchText), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      const { data, headers } = await getJson<ArticleSummary[]>(apiUrl(filter, items.length, NEWS_PAGE_SIZE));
      setItems((current) => [...current, ...data.filter((a) => !current.some((c) => c.id === a.id))]);
      setTotal(Number(headers.get('X-Total-Count') ?? total));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not load more articles.');
    } finally {
      setLoadingMore(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    $newsFilter.setKey('search', searchText);
  };

  // While typing, the loaded list narrows at once by the spec's rule; the server's
  // full-text result (which also searches article bodies) replaces it after the pause.
  const pending = searchText !== filter.search;
  const visible = pending ? items.filter((a) => matchesNewsFilter(a, { category: filter.category, search: searchText })) : items;
  const nextPage = Math.floor(items.length / NEWS_PAGE_SIZE) + 1;
  const moreHref = `${newsUrl(filter)}${newsUrl(filter).includes('?') ? '&' : '?'}page=${nextPage}`;

  return (
    <div>
      <form action="/news" method="get" role="search" onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <label htmlFor="news-search" className="sr-only">
            Search articles
          </label>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <input
            id="news-search"
            name="q"
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder="Search articles…"
            maxLength={200}
            className="h-10 w-full rounded-md border border-input bg-card pr-3 pl-9 text-base md:text-sm"
          />
        </div>
        <div className="sm:w-56">
          <label htmlFor="news-category" className="sr-only">
            Category
          </label>
          <select
            id="news-category"
            name="category"
            value={filter.category}
            onChange={(e) => $newsFilter.setKey('category', e.target.value)}
            className="h-10 w-full rounded-md border border-input bg-card px-3 text-base md:text-sm"
          >
            <option value="all">All Categories</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="h-10 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90">
          Search
        </button>
      </form>

      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite" aria-atomic="true">
        {loading ? 'Loading articles…' : `${total} ${total === 1 ? 'article' : 'articles'}${filter.search ? ` for “${filter.search}”` : ''}`}
      </p>
      {error && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {error}
        </p>
      )}

      <div className="mt-4 grid gap-6 md:grid-cols-2" aria-busy={loading}>
        {loading ? <CardSkeletons count={NEWS_PLACEHOLDERS} label="Loading articles" /> : visible.map((a, i) => <ArticleCard key={a.id} article={a} headingLevel="h2" priority={i < 2} />)}
      </div>
      {!loading && visible.length === 0 && <p className="mt-6 rounded-lg border bg-card p-8 text-center text-muted-foreground">No articles found matching your criteria.</p>}

      {!loading && !pending && items.length < total && (
        <div className="mt-8 flex justify-center">
          <a
            href={moreHref}
            onClick={(e) => {
              e.preventDefault();
              void loadMore();
            }}
            aria-disabled={loadingMore}
            className="inline-flex h-10 items-center rounded-md border border-input bg-card px-6 text-sm font-medium hover:bg-muted"
          >
            {loadingMore ? 'Loading…' : 'Load more articles'}
          </a>
        </div>
      )}
    </div>
  );
}
