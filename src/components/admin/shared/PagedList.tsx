import { Search } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect, type SelectOption as Choice } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { DeleteButton } from '@/components/admin/shared/admin-actions';
import { Pager } from '@/components/admin/shared/Pager';
import type { PagedListState, RowKey } from '@/components/admin/shared/use-paged-list';

/** Choices from value–label pairs in their order (values that are not whole numbers, which objects would put first). */
export const choices = (labels: Record<string, string>): Choice[] => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** The orders most lists offer. */
export const BY_TIME = { newest: 'Newest first', oldest: 'Oldest first' } as const;

export interface ListFilter {
  name: string;
  label: string;
  options: Choice[];
}

export interface PagedListProps<T> {
  /** Names the list's controls for screen readers and ids, when not the plural (`nouns`: "articles", "comments"). */
  name?: string;
  /** The list's own accessible name, when not `name` ("Calendar events, latest first"). */
  label?: string;
  /** "article", "comment": the total says "3,104 articles". */
  noun: string;
  /** The plural when it is not `noun` + "s" ("entries", "people"). */
  nouns?: string;
  list: PagedListState<T>;
  /** Without it, the list has no search box. */
  searchLabel?: string;
  filters?: ListFilter[];
  /** More than one: the order can be chosen. */
  sorts?: Choice[];
  /** Actions on the selected rows; without them, rows cannot be selected. */
  bulkActions?: (keys: RowKey[]) => ReactNode;
  empty: string;
  renderRow: (item: T) => ReactNode;
}

/** A labeled select of the list's controls (its label for screen readers only). */
function ListSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: Choice[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="w-full sm:w-auto">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)} options={options} />
    </div>
  );
}

/** Search, filters and order above a list. */
function ListControls<T>({
  name,
  list,
  searchLabel,
  filters = [],
  sorts = [],
}: Pick<PagedListProps<T>, 'name' | 'list' | 'searchLabel' | 'filters' | 'sorts'>) {
  if (!searchLabel && filters.length === 0 && sorts.length < 2) return null;
  return (
    <div className="flex flex-wrap gap-2" role="search" aria-label={`Search ${name}`}>
      {searchLabel && (
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
      )}
      {filters.map((filter) => (
        <ListSelect
          key={filter.name}
          id={`${name}-${filter.name}`}
          label={filter.label}
          value={list.query.filters[filter.name] ?? ''}
          options={filter.options}
          onChange={(value) => list.setFilter(filter.name, value)}
        />
      ))}
      {sorts.length > 1 && <ListSelect id={`${name}-sort`} label="Order" value={list.query.sort} options={sorts} onChange={list.setSort} />}
    </div>
  );
}

/**
 * An admin list paged on the server: search, filters and order on top, the total, the page
 * of rows (each selectable when there are bulk actions), and page controls below. Every
 * control is a labeled form control or button, so the list works from the keyboard and
 * with a screen reader.
 */
export function PagedList<T>({ noun, nouns = `${noun}s`, name = nouns, label, list, bulkActions, empty, renderRow, ...controls }: PagedListProps<T>) {
  const { data, loading, query } = list;
  const keys = [...list.selected];
  return (
    <div className="space-y-3">
      <ListControls name={name} list={list} {...controls} />
      <div className="flex min-h-9 flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-muted-foreground" aria-live="polite">
          {/* None: the list itself says so. */}
          {data
            ? data.total > 0 && `${data.total.toLocaleString('en-US')}${data.totalAtLeast ? '+' : ''} ${data.total === 1 ? noun : nouns}`
            : 'Loading…'}
          {keys.length > 0 && ` · ${keys.length} selected`}
        </p>
        {bulkActions && data && data.items.length > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="ghost" size="sm" onClick={list.toggleAll}>
              {list.selected.size === data.items.length ? 'Select none' : 'Select page'}
            </Button>
            {keys.length > 0 && bulkActions(keys)}
          </div>
        )}
      </div>
      <ul className="bg-card divide-y rounded-lg border" aria-busy={loading} aria-label={label ?? name}>
        {!data &&
          [0, 1, 2, 3].map((i) => (
            <li key={i} className="space-y-2 p-4">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-3/4" />
            </li>
          ))}
        {data?.items.map((item) => {
          const key = list.keyOf(item);
          return (
            <li key={key} className="flex gap-3 p-4">
              {bulkActions && (
                <input
                  type="checkbox"
                  className="mt-1 size-4 shrink-0"
                  checked={list.selected.has(key)}
                  onChange={() => list.toggle(key)}
                  aria-label={`Select ${noun} ${key}`}
                />
              )}
              <div className="min-w-0 flex-1">{renderRow(item)}</div>
            </li>
          );
        })}
        {data?.items.length === 0 && <li className="text-muted-foreground p-6 text-center">{empty}</li>}
      </ul>
      <Pager label={`${name} pages`} page={query.page} pages={list.pages} open={data?.totalAtLeast} busy={loading} onPage={list.setPage} />
    </div>
  );
}

/** A list row: what it shows, and its Edit (a dialog) and Delete (when the role may) beside it on wide screens, below it on a phone. */
export function ItemRow({
  children,
  edit,
  remove,
}: {
  children: ReactNode;
  edit: ReactNode;
  remove: ComponentProps<typeof DeleteButton> | undefined;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">{children}</div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {edit}
        {remove && <DeleteButton {...remove} />}
      </div>
    </div>
  );
}
