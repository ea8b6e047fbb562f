import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { getJson } from '@/lib/api-client';
import { NEWS_PAGE_SIZE, SEARCH_DEBOUNCE_MS, matchesNewsFilter, newsPageCount, newsUrl, type NewsFilter } from '@/lib/news-filter';
import { snippetFromHtml } from '@/lib/snippet';
import type { ArticleSummary, Category } from '@/lib/wire/articles';
import { $newsFilter } from '@/stores/news-filter';
import { CardSkeletons } from '@/components/ui/Skeletons';
import { ArticleCard } from '@/components/news/ArticleCard';
import { ArchivePages } from '@/components/news/ArchivePages';
import { NewsFilterForm } from '@/components/news/NewsFilterForm';
import { syncNewsPage } from '@/components/news/sync-news-page';

/** Five placeholders while the news list loads. */
export const NEWS_PLACEHOLDERS = 5;

type ListedArticle = ArticleSummary & { snippet?: string };

interface NewsBrowserProps {
  categories: Category[];
  initialFilter: NewsFilter;
  initialItems: ListedArticle[];
  initialTotal: number;
  /** The archive page the server rendered. */
  initialPage: number;
}

function apiUrl(filter: NewsFilter, offset: number, limit: number): string {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset), fields: 'summary' });
  if (filter.category !== 'all') params.set('category', filter.category);
  if (filter.search.trim()) params.set('q', filter.search.trim());
  return `/api/articles?${params.toString()}`;
}

/** The API sends snippets as HTML with <mark>; the cards take them with the server's marks. */
const fromApi = (items: ListedArticle[]): ListedArticle[] =>
  items.map((a) => (a.snippet === undefined ? a : { ...a, snippet: snippetFromHtml(a.snippet) }));

/**
 * The news list with its search box and category dropdown. Rendered on the server with
 * the URL's filter; in the browser, filter changes fetch from the API (search after a
 * 300 ms pause) and are written back to the URL. Without JavaScript the form submits.
 */
export default function NewsBrowser({ categories, initialFilter, initialItems, initialTotal, initialPage }: NewsBrowserProps) {
  // The store starts from the server's filter, so server and browser render the same list.
  useState(() => {
    const current = $newsFilter.get();
    if (current.category !== initialFilter.category || current.search !== initialFilter.search) $newsFilter.set({ ...initialFilter });
    return true;
  });
  const filter = useStore($newsFilter);
  const { category, search } = filter;
  const [searchText, setSearchText] = useState(initialFilter.search);
  const [items, setItems] = useState(initialItems);
  const [total, setTotal] = useState(initialTotal);
  // The archive page shown: the server's page, back to the first when the filter changes. The
  // numbered pages below the list are plain links (the crawlable archive) that load the next page.
  const [page, setPage] = useState(initialPage);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The filter the shown list belongs to; a fetch runs only when the filter's value changes.
  const shownKey = useRef(`${initialFilter.category}|${initialFilter.search}`);

  // The heading and the sidebar outside the island follow the category.
  useEffect(() => syncNewsPage({ category, search }), [category, search]);

  useEffect(() => {
    const key = `${category}|${search}`;
    if (key === shownKey.current) return;
    shownKey.current = key;
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    window.history.replaceState(null, '', newsUrl({ category, search }));
    getJson<ListedArticle[]>(`${apiUrl({ category, search }, 0, NEWS_PAGE_SIZE)}${search.trim() ? '&snippet=true' : ''}`, {
      signal: controller.signal,
    })
      .then(({ data, headers }) => {
        setItems(fromApi(data));
        setPage(1);
        setTotal(Number(headers.get('X-Total-Count') ?? data.length));
        setLoading(false);
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        setError(e instanceof Error ? e.message : 'Could not load articles.');
        setLoading(false);
      });
    return () => {
      controller.abort();
      // A superseded request leaves its filter unshown, so returning to it fetches again.
      shownKey.current = '';
    };
  }, [category, search]);

  // A visitor may type or pick a category before this island hydrates: adopt what the
  // form holds then, instead of silently dropping it.
  const searchInput = useRef<HTMLInputElement>(null);
  const categorySelect = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const typed = searchInput.current?.value;
    const picked = categorySelect.current?.value;
    if (typed !== undefined && typed !== initialFilter.search) setSearchText(typed);
    if (picked !== undefined && picked !== initialFilter.category) $newsFilter.setKey('category', picked);
  }, [initialFilter]);

  // Search text takes effect after a pause in typing.
  useEffect(() => {
    if (searchText === $newsFilter.get().search) return;
    const timer = setTimeout(() => $newsFilter.setKey('search', searchText), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    $newsFilter.setKey('search', searchText);
  };

  // While typing, the loaded list narrows at once by the spec's rule; the server's
  // full-text result (which also searches article bodies) replaces it after the pause.
  const pending = searchText !== filter.search;
  const visible = pending ? items.filter((a) => matchesNewsFilter(a, { category: filter.category, search: searchText })) : items;

  return (
    <div>
      <NewsFilterForm
        categories={categories}
        searchText={searchText}
        category={filter.category}
        onSearchText={setSearchText}
        onCategory={(slug) => $newsFilter.setKey('category', slug)}
        onSubmit={onSubmit}
        searchRef={searchInput}
        categoryRef={categorySelect}
      />

      <p className="text-muted-foreground mt-4 text-sm" aria-live="polite" aria-atomic="true">
        {loading ? 'Loading articles…' : `${total} ${total === 1 ? 'article' : 'articles'}${filter.search ? ` for “${filter.search}”` : ''}`}
      </p>
      {error && (
        <p role="alert" className="text-destructive mt-2 text-sm">
          {error}
        </p>
      )}

      <div className="mt-4 grid gap-6 md:grid-cols-2" aria-busy={loading}>
        {loading ? (
          <CardSkeletons count={NEWS_PLACEHOLDERS} label="Loading articles" />
        ) : (
          visible.map((a, i) => <ArticleCard key={a.id} article={a} snippet={pending ? undefined : a.snippet} headingLevel="h2" priority={i < 2} />)
        )}
      </div>
      {!loading && visible.length === 0 && (
        <p className="bg-card text-muted-foreground mt-6 rounded-lg border p-8 text-center">No articles found matching your criteria.</p>
      )}

      {!loading && !pending && <ArchivePages filter={filter} current={page} last={newsPageCount(total)} />}
    </div>
  );
}
