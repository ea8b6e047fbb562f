import { LoaderCircle } from 'lucide-react';
import type { MediaItem } from '@/lib/wire/media';
import { cn } from '@/lib/utils';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Pager } from '@/components/admin/shared/Pager';
import type { PagedListState } from '@/components/admin/shared/use-paged-list';

/** The library's search box (searched on the server after a pause in typing). */
export function LibrarySearch({ id, list }: { id: string; list: PagedListState<MediaItem> }) {
  return (
    <FormField id={id} label="Search the library" className="min-w-48 flex-1">
      <Input
        id={id}
        type="search"
        value={list.searchText}
        onChange={(e) => list.setSearchText(e.target.value)}
        placeholder="File name, alt text, caption or credit"
      />
    </FormField>
  );
}

/** A page of the library as a grid of pressable thumbnails, with its pages; the chosen one is pressed. */
export function LibraryGrid({
  list,
  selected,
  onChoose,
}: {
  list: PagedListState<MediaItem>;
  selected: MediaItem | undefined;
  onChoose: (item: MediaItem) => void;
}) {
  const { data, error, query } = list;
  return (
    <div className="grid gap-2">
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : !data ? (
        <p className="text-muted-foreground text-sm" role="status">
          <LoaderCircle className="mr-1 inline size-4 animate-spin" aria-hidden="true" /> Loading the library…
        </p>
      ) : data.items.length === 0 ? (
        <p className="text-muted-foreground text-sm">{query.q ? 'No image matches the search.' : 'The library is empty: upload the first image.'}</p>
      ) : (
        <ul className="grid max-h-[40dvh] grid-cols-3 gap-2 overflow-y-auto p-0.5 sm:grid-cols-5" aria-label="Images in the library">
          {data.items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                aria-pressed={selected?.id === item.id}
                aria-label={`${item.filename}${item.alt ? `: ${item.alt}` : ''}, ${item.width}×${item.height}`}
                onClick={() => onChoose(item)}
                className={cn(
                  'bg-muted focus-visible:outline-ring block aspect-square w-full overflow-hidden rounded-md border-2 border-transparent focus-visible:outline-2',
                  selected?.id === item.id && 'border-primary',
                )}
              >
                <img src={item.variants[0]?.webp ?? item.url} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Pager label="Library pages" page={query.page} pages={list.pages} open={data?.totalAtLeast} busy={list.loading} onPage={list.setPage} />
    </div>
  );
}
