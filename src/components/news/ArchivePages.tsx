import { newsUrl, pageWindow, type NewsFilter } from '@/lib/news-filter';
import { cn } from '@/lib/utils';

interface ArchivePagesProps {
  /** The news filter whose /news pages these are; or `pageHref` for another archive. */
  filter?: NewsFilter;
  /** The address of a page of the archive (a topic's, an author's). */
  pageHref?: (page: number) => string;
  current: number;
  last: number;
}

/**
 * The numbered archive: previous and next, the first and last page and a window around the
 * current one, as plain links, so every page down to the first article can be reached and
 * crawled without JavaScript.
 */
export function ArchivePages({ filter = { category: 'all', search: '' }, pageHref, current, last }: ArchivePagesProps) {
  if (last <= 1) return null;
  const href = pageHref ?? ((page: number) => newsUrl(filter, page));
  const link = 'border-input bg-card hover:bg-muted inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-3 text-sm';
  return (
    <nav aria-label="Archive pages" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {current > 1 && (
        <a href={href(current - 1)} rel="prev" className={link}>
          Previous
        </a>
      )}
      {pageWindow(current, last).map((page, i) =>
        page === null ? (
          <span key={`gap-${i}`} className="text-muted-foreground px-1" aria-hidden="true">
            …
          </span>
        ) : (
          <a
            key={page}
            href={href(page)}
            aria-current={page === current ? 'page' : undefined}
            className={cn(link, page === current && 'bg-primary text-primary-foreground hover:bg-primary/90 border-primary')}
          >
            <span className="sr-only">Page </span>
            {page}
          </a>
        ),
      )}
      {current < last && (
        <a href={href(current + 1)} rel="next" className={link}>
          Next
        </a>
      )}
    </nav>
  );
}
