import type { ReactNode } from 'react';
import { ChartFigure } from '@/components/charts/ChartFigure';
import { IllustrativeBadge } from '@/components/charts/IllustrativeBadge';
import type { ChartProps } from '@/components/charts/chart-options';
import { chartFilename } from '@/lib/chart-meta';
import type { ChartTable } from '@/lib/chart-table';

/** A dashboard card's chart in the chart toolkit (the card's title names it; the toolkit adds the table view and downloads). */
export function CardChart({
  label,
  title,
  source,
  chart,
  table,
  height,
  permalink = '/',
}: {
  label: string;
  title: string;
  source: string;
  chart: ChartProps;
  table: ChartTable;
  height: number;
  /** The page the card is on. */
  permalink?: string | undefined;
}) {
  return (
    <ChartFigure
      label={label}
      heading="none"
      height={height}
      chart={chart}
      table={table}
      meta={{ title, source, permalink, filename: chartFilename(title) }}
    />
  );
}

/**
 * Fixed example figures, set apart from measured ones: a dashed box with a visible
 * "Illustrative figures" badge and a line saying they are examples.
 */
export function IllustrativeFigures({ children }: { children: ReactNode }) {
  return (
    <div
      className="mt-4 rounded-md border border-dashed border-amber-300 bg-amber-50/40 p-3 dark:border-amber-700 dark:bg-amber-950/30"
      data-illustrative=""
    >
      <IllustrativeBadge />
      <div className="mt-2 space-y-1">{children}</div>
      <p className="text-muted-foreground mt-2 text-xs">Example figures for demonstration, not market data.</p>
    </div>
  );
}
