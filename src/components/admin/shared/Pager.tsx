import { Button } from '@/components/ui/button';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Previous and Next for a list paged on the server, with where the reader is ("Page 3 of
 * 12", or "Page 21" while a capped search count does not know the last page). Nothing when
 * there is one page; both buttons wait while a page loads.
 */
export function Pager({
  label,
  page,
  pages,
  open = false,
  busy = false,
  onPage,
}: {
  /** Names the pages for screen readers ("comments pages"). */
  label: string;
  page: number;
  pages: number;
  /** The last page is not known yet (a capped search count). */
  open?: boolean | undefined;
  busy?: boolean;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2 text-sm">
      <Button type="button" variant="outline" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-muted-foreground">
        Page {count(page)}
        {open ? '' : ` of ${count(pages)}`}
      </span>
      <Button type="button" variant="outline" size="sm" disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
