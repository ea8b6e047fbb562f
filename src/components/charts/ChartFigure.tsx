import { useId, useState, type ReactNode } from 'react';
import { ChartSource } from '@/components/charts/ChartSource';
import { ChartTableView } from '@/components/charts/ChartTableView';
import { ChartTools } from '@/components/charts/ChartTools';
import { LazyChart } from '@/components/charts/LazyChart';
import type { ChartProps } from '@/components/charts/chart-options';
import type { ChartMeta } from '@/lib/chart-meta';
import type { ChartTable } from '@/lib/chart-table';
import { cn } from '@/lib/utils';

export interface ChartFigureProps {
  meta: ChartMeta;
  chart: ChartProps;
  /** The figures the chart draws: its table view and its CSV. */
  table: ChartTable;
  height: number;
  /** Names the chart for styles and tests (`data-chart`). */
  label: string;
  /** The title's heading level, or none when the card or section around the chart says its title. */
  heading?: 'h2' | 'h3' | 'none';
  /**
   * `toggle`: a Chart / Table switch (the default); `below`: the table always under the chart
   * (a report, whose table is part of it); `embed`: the switch, without downloads or sharing.
   */
  mode?: 'toggle' | 'below' | 'embed';
  /** Said under the source line: the series linked to their pages, a note. */
  footer?: ReactNode;
}

/**
 * The chart toolkit, a wrapper any chart of the site takes: the chart and its table view of the
 * same figures (what a screen reader reads instead of the drawing, which is hidden from it),
 * the source line, and the downloads, permalink and embed code (`ChartTools`).
 */
export function ChartFigure({ meta, chart, table, height, label, heading = 'h3', mode = 'toggle', footer }: ChartFigureProps) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  // A toggled table is built when first asked for: a long range has thousands of rows.
  const [tableShown, setTableShown] = useState(mode === 'below');
  const [status, setStatus] = useState('');
  const id = useId();
  const Heading = heading === 'none' ? undefined : heading;
  const toggle = mode !== 'below';
  return (
    <figure
      aria-labelledby={Heading ? `${id}-title` : undefined}
      aria-label={Heading ? undefined : meta.title}
      className="min-w-0 space-y-3"
      data-chart-figure={label}
    >
      {Heading && (
        <div>
          <Heading id={`${id}-title`} className="text-lg font-semibold">
            {meta.title}
          </Heading>
          {meta.subtitle && <p className="text-muted-foreground text-sm">{meta.subtitle}</p>}
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        {toggle && (
          <div role="group" aria-label="Show the figures as" className="bg-muted inline-flex rounded-md p-0.5">
            {(['chart', 'table'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => {
                  setView(v);
                  if (v === 'table') setTableShown(true);
                }}
                className={cn(
                  'rounded px-3 py-1 text-sm font-medium',
                  view === v ? 'bg-card shadow-sm' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {v === 'chart' ? 'Chart' : 'Table'}
              </button>
            ))}
          </div>
        )}
        {mode !== 'embed' && <ChartTools meta={meta} chart={chart} table={table} height={height} onStatus={setStatus} />}
      </div>
      <div hidden={toggle && view !== 'chart'}>
        <LazyChart label={label} height={height} {...chart} />
        {toggle && <p className="sr-only">{meta.title}: the chart is drawn for sighted readers; the Table button shows every figure it draws.</p>}
      </div>
      {tableShown && (
        <div hidden={toggle && view !== 'table'}>
          <ChartTableView table={table} caption={meta.title} description={meta.subtitle} />
        </div>
      )}
      {mode !== 'embed' && (
        <p role="status" className="text-muted-foreground min-h-4 text-xs">
          {status}
        </p>
      )}
      <figcaption>
        <ChartSource className="mt-0">{meta.source}</ChartSource>
        {meta.notes?.map((n) => (
          <p key={n} className="text-muted-foreground mt-1 text-xs">
            {n}
          </p>
        ))}
        {footer}
      </figcaption>
    </figure>
  );
}
