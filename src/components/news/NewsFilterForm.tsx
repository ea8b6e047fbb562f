import { Search } from 'lucide-react';
import type { Ref, SubmitEvent } from 'react';
import type { Category } from '@/lib/wire/articles';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';

interface NewsFilterFormProps {
  categories: Category[];
  searchText: string;
  category: string;
  onSearchText: (text: string) => void;
  onCategory: (slug: string) => void;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  /** The controls, for reading what a visitor typed or picked before hydration. */
  searchRef: Ref<HTMLInputElement>;
  categoryRef: Ref<HTMLSelectElement>;
}

/** The news search box and category dropdown: a GET form to /news that works without JavaScript. */
export function NewsFilterForm({
  categories,
  searchText,
  category,
  onSearchText,
  onCategory,
  onSubmit,
  searchRef,
  categoryRef,
}: NewsFilterFormProps) {
  return (
    <form action="/news" method="get" role="search" onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <label htmlFor="news-search" className="sr-only">
          Search articles
        </label>
        <Search className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden="true" />
        <input
          id="news-search"
          ref={searchRef}
          name="q"
          type="search"
          value={searchText}
          onChange={(e) => onSearchText(e.target.value)}
          placeholder="Search articles…"
          maxLength={200}
          className="border-input bg-card h-10 w-full rounded-md border pr-3 pl-9 text-base md:text-sm"
        />
      </div>
      <div className="sm:w-56">
        <label htmlFor="news-category" className="sr-only">
          Category
        </label>
        <NativeSelect
          id="news-category"
          ref={categoryRef}
          name="category"
          value={category}
          onChange={(e) => onCategory(e.target.value)}
          options={categories.map((c) => ({ value: c.slug, label: c.name }))}
        >
          <option value="all">All Categories</option>
        </NativeSelect>
      </div>
      <Button type="submit">Search</Button>
    </form>
  );
}
