import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import type { PagedListState } from '@/components/admin/shared/use-paged-list';

export interface ListFilter {
  name: string;
  label: string;
  options: { value: string; label: string }[];
}

interface PagedListProps<T extends { id: number }> {
  /** Names the list for screen readers and ids ("articles", "comments"). */
  name: string;
  /** "article", "comment": the total says "3,104 articles". */
  noun: string;
  list: PagedListState<T>;
  searchLabel: string;
  filters?: ListFilter[];
  sorts: { value: string; label: string }[];
  /** Actions on the selected rows; without them, rows cannot be selected. */
  bulkActions?: (ids: number[]) => ReactNode;
  empty: string;
  renderRow: (item: T) => ReactNode;
}

/**
 * An admin list paged on the server: search, filters and order on top, the total, the page
 * of rows (each selectable when there are bulk actions), and page controls below. Every
 * control is a labeled form control or button, so the list works from the keyboard and
 * with a screen reader.
 */
export function PagedList<T extends { id: number }>({
  name,
  noun,
  list,
  searchLabel,
  filters = [],
  sorts,
  bulkActions,
  empty,
  renderRow,
}: PagedListProps<T>) {
  const { data, loading, query } = list;
  // A search with more matches than it counts pages on while pages come back full.
  const counted = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const pages = data?.totalAtLeast ? Math.max(counted, query.page + (data.items.length === data.pageSize ? 1 : 0)) : counted;
  const ids = [...list.selected];
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2" role="search" aria-label={`Search ${name}`}>
        <div className="relative min-w-64 flex-1">
          <label htmlFor={`${name}-search`} className="sr-only">
            {searchLabel}
          </label>
          <Search className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden="true" />
          <Input
            id={`${name}-search`}
            type="search"
            placeholder={`${searchLabel}…`}
            value={list.searchText}
            onChange={(e) => list.setSearchText(e.target.value)}
            className="pl-9"
            maxLength={200}
          />
        </div>
        {filters.map((filter) => (
          <div key={filter.name} className="w-full sm:w-auto">
            <label htmlFor={`${name}-${filter.name}`} className="sr-only">
              {filter.label}
            </label>
            <NativeSelect
              id={`${name}-${filter.name}`}
              value={query.filters[filter.name] ?? ''}
              onChange={(e) => list.setFilter(filter.name, e.target.value)}
            >
              {filter.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
        <div className="w-full sm:w-auto">
          <label htmlFor={`${name}-sort`} className="sr-only">
            Order
          </label>
          <NativeSelect id={`${name}-sort`} value={query.sort} onChange={(e) => list.setSort(e.target.value)}>
            {sorts.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <div className="flex min-h-9 flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-muted-foreground" aria-live="polite">
          {data ? `${data.total.toLocaleString('en-US')}${data.totalAtLeast ? '+' : ''} ${data.total === 1 ? noun : `${noun}s`}` : 'Loading…'}
          {ids.length > 0 && ` · ${ids.length} selected`}
        </p>
        {bulkActions && data && data.items.length > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="ghost" size="sm" onClick={list.toggleAll}>
              {list.selected.size === data.items.length ? 'Select none' : 'Select page'}
            </Button>
            {ids.length > 0 && bulkActions(ids)}
          </div>
        )}
      </div>

      <ul className="bg-card divide-y rounded-lg border" aria-busy={loading} aria-label={name}>
        {!data &&
          [0, 1, 2, 3].map((i) => (
            <li key={i} className="space-y-2 p-4">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-3/4" />
            </li>
          ))}
        {data?.items.map((item) => (
          <li key={item.id} className="flex gap-3 p-4">
            {bulkActions && (
              <input
                type="checkbox"
                className="mt-1 size-4 shrink-0"
                checked={list.selected.has(item.id)}
                onChange={() => list.toggle(item.id)}
                aria-label={`Select ${noun} ${item.id}`}
              />
            )}
            <div className="min-w-0 flex-1">{renderRow(item)}</div>
          </li>
        ))}
        {data?.items.length === 0 && <li className="text-muted-foreground p-6 text-center">{empty}</li>}
      </ul>

      {pages > 1 && (
        <nav aria-label={`${name} pages`} className="flex items-center justify-between gap-2 text-sm">
          <Button variant="outline" size="sm" disabled={query.page <= 1 || loading} onClick={() => list.setPage(query.page - 1)}>
            Previous
          </Button>
          <span className="text-muted-foreground">
            Page {query.page.toLocaleString('en-US')}
            {data?.totalAtLeast ? '' : ` of ${pages.toLocaleString('en-US')}`}
          </span>
          <Button variant="outline" size="sm" disabled={query.page >= pages || loading} onClick={() => list.setPage(query.page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
