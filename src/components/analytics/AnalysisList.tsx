import { BarChart3, FileText, Lightbulb, LayoutDashboard } from 'lucide-react';
import type { AnalysisSummary } from '@/lib/analysis';
import { formatLongDate } from '@/lib/format';

const TYPE_ICONS = { chart: BarChart3, dashboard: LayoutDashboard, report: FileText, insight: Lightbulb } as const;

/** Newer and older pages of the analysis list. */
function Pages({ page, pages }: { page: number; pages: number }) {
  return (
    <nav aria-label="Analysis pages" className="mt-6 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <a href={page === 2 ? '/analytics' : `/analytics?page=${page - 1}`} rel="prev" className="text-primary font-medium hover:underline">
          Newer analysis
        </a>
      ) : (
        <span />
      )}
      <span className="text-muted-foreground">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <a href={`/analytics?page=${page + 1}`} rel="next" className="text-primary font-medium hover:underline">
          Older analysis
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** One page of the analysis items, newest first: type, date, title linking to the item's page, excerpt. */
export function AnalysisList({ items, page, pages }: { items: AnalysisSummary[]; page: number; pages: number }) {
  return (
    <>
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {items.map((item) => {
          const Icon = TYPE_ICONS[item.type];
          return (
            // The title's link covers the card, so the whole card leads to the item's page.
            <li key={item.id} className="bg-card hover:border-primary/40 relative flex flex-col rounded-lg border p-5 shadow-sm">
              <p className="text-muted-foreground flex items-center gap-2 text-xs font-semibold tracking-wide uppercase">
                <Icon className="size-4" aria-hidden="true" /> {item.type}
                <span aria-hidden="true">·</span>
                <time dateTime={item.createdAt} className="font-normal normal-case">
                  {formatLongDate(item.createdAt)}
                </time>
              </p>
              <h3 className="mt-2 text-lg font-semibold">
                <a href={`/analytics/${item.id}`} className="after:absolute after:inset-0 hover:underline">
                  {item.title}
                </a>
              </h3>
              <p className="text-muted-foreground mt-2 flex-1 text-sm leading-relaxed">{item.excerpt}</p>
              <p aria-hidden="true" className="text-primary mt-3 text-sm font-medium">
                {item.hasChart ? 'Read the analysis and its chart →' : 'Read the analysis →'}
              </p>
            </li>
          );
        })}
      </ul>
      {items.length === 0 && <p className="text-muted-foreground mt-4">No analysis published yet.</p>}
      {pages > 1 && <Pages page={page} pages={pages} />}
    </>
  );
}
