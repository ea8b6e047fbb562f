import type { ReactNode } from 'react';
import { ChartFigure } from '@/components/charts/ChartFigure';
import { IllustrativeBadge } from '@/components/charts/IllustrativeBadge';
import { energyMixChartProps, productionChartProps, volatilityChartProps, type ChartProps } from '@/components/charts/chart-options';
import { cardChartMeta, type CardChartSpec } from '@/lib/charts/specs/cards';
import { energyMixColors } from '@/lib/dashboard';
import { formatNumber } from '@/lib/market-format';
import type { EnergyMixEntry } from '@/lib/wire/markets';

/** A card's chart as ApexCharts draws it: bars of volatility, the production trend, the energy mix's pie. */
export function cardChartProps(spec: CardChartSpec): ChartProps {
  const { chart } = spec;
  const points = (chart.series[0]?.points ?? []).map((p) => ({ label: p.x, value: p.y ?? 0 }));
  if (spec.label === 'volatility') return volatilityChartProps(points, `${chart.series[0]?.name ?? ''} (%)`);
  if (spec.label === 'production') return productionChartProps(points, chart.yTitle, chart.decimals);
  return energyMixChartProps(
    chart.series.map((s) => ({ source: s.name, percentage: s.points[0]?.y ?? 0 })),
    chart.series.map((s) => s.color),
  );
}

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
      chart={cardChartProps(spec)}
      table={spec.table}
      meta={cardChartMeta(spec, permalink, embed)}
    />
  );
}

/**
 * Fixed example figures, set apart from measured ones so a reader never takes one for the
 * other: a dashed box that says what it is before anything in it (the badge, then the line
 * that they are examples, not market data), its figures in plain muted type rather than the
 * bold of a measured figure.
 */
export function IllustrativeFigures({ children }: { children: ReactNode }) {
  return (
    <div
      className="mt-4 rounded-md border border-dashed border-amber-300 bg-amber-50/40 p-3 dark:border-amber-700 dark:bg-amber-950/30"
      data-illustrative=""
    >
      <IllustrativeBadge />
      <p className="text-muted-foreground mt-2 text-xs">Example figures for demonstration, not market data:</p>
      <div className="text-muted-foreground mt-1 space-y-1 [&_p]:font-normal">{children}</div>
    </div>
  );
}

/** The energy mix's legend: each source's color, name and share (the pie itself draws none). */
export function EnergyMixLegend({ energyMix }: { energyMix: EnergyMixEntry[] }) {
  const colors = energyMixColors(energyMix);
  return (
    <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm" aria-label="Generation mix">
      {energyMix.map((m, i) => (
        <li key={m.source} className="flex items-center gap-2">
          <span aria-hidden="true" className="size-3 shrink-0 rounded-sm" style={{ backgroundColor: colors[i] }} />
          <span className="flex-1">{m.source}</span>
          <span className="font-medium tabular-nums">{formatNumber(m.percentage, 1)}%</span>
        </li>
      ))}
    </ul>
  );
}
