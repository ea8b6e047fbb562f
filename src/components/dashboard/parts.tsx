import type { ReactNode } from 'react';
import { ChartFigure } from '@/components/charts/ChartFigure';
import { IllustrativeBadge } from '@/components/charts/IllustrativeBadge';
import { cardChartMeta, type CardChartSpec } from '@/components/dashboard/card-charts';

/**
 * A dashboard card's chart in the chart toolkit (the card's title names it; the toolkit adds the
 * table view, downloads and, from `cardEmbedPath`, the embed code).
 */
export function CardChart({
  spec,
  height,
  permalink = '/',
  embed,
}: {
  spec: CardChartSpec;
  height: number;
  /** The page the card is on. */
  permalink?: string | undefined;
  /** Its embed page's address. */
  embed?: string | undefined;
}) {
  return (
    <ChartFigure
      label={spec.label}
      heading="none"
      height={height}
      chart={spec.chart}
      table={spec.table}
      meta={cardChartMeta(spec, permalink, embed)}
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
