import { useCallback, useEffect, useState } from 'react';
import { getJson } from '@/lib/api-client';
import { SEARCH_DEBOUNCE_MS } from '@/lib/news-filter';
import { submitErrorMessage } from '@/lib/submit-error';
import type { AdminPage } from '@/lib/wire/common';
import { toast } from '@/stores/toast';

/** The query of a server-paged admin list: search text, filters, order and page. */
export interface ListQuery {
  q: string;
  filters: Record<string, string>;
  sort: string;
  page: number;
}

/**
 * A list paged on the server: holds the query (search applied after a pause in typing,
 * filters and order at once, each change back to page 1), loads the page, and keeps the
 * rows the editor has selected on it. `reload` fetches the current page again.
 */
export function usePagedList<T extends { id: number }>(endpoint: string, initial: { filters: Record<string, string>; sort: string }) {
  const [query, setQuery] = useState<ListQuery>({ q: '', filters: initial.filters, sort: initial.sort, page: 1 });
  const [searchText, setSearchText] = useState('');
  const [data, setData] = useState<AdminPage<T> | null>(null);
  // The address the shown page came from: loading while it is not the current one.
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [version, setVersion] = useState(0);

  const url = (() => {
    const params = new URLSearchParams({ page: String(query.page), sort: query.sort });
    if (query.q) params.set('q', query.q);
    for (const [name, value] of Object.entries(query.filters)) if (value) params.set(name, value);
    return `${endpoint}?${params.toString()}`;
  })();

  useEffect(() => {
    const controller = new AbortController();
    getJson<AdminPage<T>>(url, { signal: controller.signal })
      .then(({ data: loaded }) => {
        setData(loaded);
        setLoadedUrl(url);
        setSelected(new Set());
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          toast({ title: 'Error', description: submitErrorMessage(error, 'Could not load the list.'), variant: 'destructive' });
      });
    return () => controller.abort();
  }, [url, version]);
  const loading = loadedUrl !== url;
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    if (searchText.trim() === query.q) return;
    const timer = setTimeout(() => setQuery((current) => ({ ...current, q: searchText.trim(), page: 1 })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, query.q]);

  return {
    query,
    data,
    loading,
    reload,
    searchText,
    setSearchText,
    setFilter: (name: string, value: string) => setQuery((current) => ({ ...current, filters: { ...current.filters, [name]: value }, page: 1 })),
    setSort: (sort: string) => setQuery((current) => ({ ...current, sort, page: 1 })),
    setPage: (page: number) => setQuery((current) => ({ ...current, page })),
    selected,
    toggle: (id: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    toggleAll: () => setSelected((current) => (data && current.size < data.items.length ? new Set(data.items.map((item) => item.id)) : new Set())),
  };
}

export type PagedListState<T extends { id: number }> = ReturnType<typeof usePagedList<T>>;
