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

/** What identifies a row: its `id`, or what `keyOf` says (a release change's release id). */
export type RowKey = number | string;

interface PagedListOptions<T> {
  /** Filters and their first values (sent when not empty). */
  filters?: Record<string, string>;
  /** The first order (sent when not empty). */
  sort?: string;
  /** A row's key, for rows without a numeric `id`. */
  keyOf?: (item: T) => RowKey;
  /** Told after `changed` (a row saved, approved, deleted): the panel's counts refresh. */
  onChanged?: () => void;
  /** What a failed load says: in `error`, and in a toast titled Error unless the list shows it `inline`. */
  failure?: string;
  inline?: boolean;
}

const idOf = (item: unknown): RowKey => (item as { id: number }).id;

/** How many pages a list has: counted, or while a capped search count runs out, one more as long as pages come back full. */
export function pageCount(data: AdminPage<unknown> | null, page: number): number {
  const counted = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return data?.totalAtLeast ? Math.max(counted, page + (data.items.length === data.pageSize ? 1 : 0)) : counted;
}

/**
 * The one way an admin list is loaded: paged on the server (`{items, total, page, pageSize}`
 * and whatever else the endpoint sends beside them, `Extra`). Holds the query (search applied
 * after a pause in typing, filters and order at once, each change back to page 1), loads the
 * page, and keeps the rows the editor has selected on it. `reload` fetches the current page
 * again, `changed` also tells `onChanged`; `endpoint` is the records' address it was given; `setData` changes the shown page in place (an
 * upload put at the top).
 */
export function usePagedList<T, Extra extends object = object>(endpoint: string, options: PagedListOptions<T> = {}) {
  const { keyOf = idOf, failure = 'Could not load the list.', inline = false } = options;
  const [query, setQuery] = useState<ListQuery>({ q: '', filters: options.filters ?? {}, sort: options.sort ?? '', page: 1 });
  const [searchText, setSearchText] = useState('');
  const [data, setData] = useState<(AdminPage<T> & Extra) | null>(null);
  const [error, setError] = useState('');
  // The address the shown page came from: loading while it is not the current one.
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<RowKey>>(new Set());
  const [version, setVersion] = useState(0);

  const url = (() => {
    const params = new URLSearchParams({ page: String(query.page) });
    if (query.sort) params.set('sort', query.sort);
    if (query.q) params.set('q', query.q);
    for (const [name, value] of Object.entries(query.filters)) if (value) params.set(name, value);
    return `${endpoint}?${params.toString()}`;
  })();

  useEffect(() => {
    const controller = new AbortController();
    getJson<AdminPage<T> & Extra>(url, { signal: controller.signal })
      .then(({ data: loaded }) => {
        setData(loaded);
        setError('');
        setLoadedUrl(url);
        setSelected(new Set());
      })
      .catch((cause: unknown) => {
        if (controller.signal.aborted) return;
        const message = submitErrorMessage(cause, failure);
        setError(message);
        if (!inline) toast({ title: 'Error', description: message, variant: 'destructive' });
      });
    return () => controller.abort();
  }, [url, version, failure, inline]);
  const loading = loadedUrl !== url;
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const { onChanged } = options;
  const changed = useCallback(() => {
    reload();
    onChanged?.();
  }, [reload, onChanged]);

  useEffect(() => {
    if (searchText.trim() === query.q) return;
    const timer = setTimeout(() => setQuery((current) => ({ ...current, q: searchText.trim(), page: 1 })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, query.q]);

  return {
    endpoint,
    query,
    data,
    setData,
    error,
    loading,
    reload,
    changed,
    pages: pageCount(data, query.page),
    searchText,
    setSearchText,
    setFilter: (name: string, value: string) => setQuery((current) => ({ ...current, filters: { ...current.filters, [name]: value }, page: 1 })),
    setSort: (sort: string) => setQuery((current) => ({ ...current, sort, page: 1 })),
    setPage: (page: number) => setQuery((current) => ({ ...current, page })),
    keyOf,
    selected,
    toggle: (key: RowKey) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    toggleAll: () => setSelected((current) => (data && current.size < data.items.length ? new Set(data.items.map(keyOf)) : new Set())),
  };
}

/** What a list's view reads and calls (whatever else its endpoint sends). */
export type PagedListState<T> = Omit<ReturnType<typeof usePagedList<T>>, 'setData'>;
