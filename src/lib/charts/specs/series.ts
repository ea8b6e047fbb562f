// A series view's chart (`SeriesFigure`, what /markets/{slug} and its embed show) as a chart
// description (`ChartSpec`): the page's inline SVG, the chart's files at /charts/markets/{slug}
// and the images made from them all draw this. The figure decides what is drawn (which lines,
// on which axis, how far the forecast reaches: `series-figure.ts`); this says how: each line in
// its catalog color, history solid, EIA's forecast dashed and the futures strip dotted with a
// dot per contract (each joined to the last figure it continues), the five-year range shaded.
// Isomorphic: no server code.
import { marketSeriesFacts } from '@db/catalog/market-series';
import type { ChartSeriesSpec, ChartSpec, LineStyle } from '@/lib/charts/chart-spec';
import { formatAsOf, formatNumber } from '@/lib/market-format';
import type { FigureLine, SeriesFigure } from '@/lib/series-figure';
import { derivedLine } from '@/lib/series-view';

/** The five-year average's color (gas storage's weekly average line), and the five-year range's shade. */
export const FIVE_YEAR_AVERAGE_COLOR = '#db2777';
export const FIVE_YEAR_RANGE_COLOR = '#9ca3af';
/** A line the catalog gives no color (never expected: a test checks every catalog and derived series has one). */
const FALLBACK_COLOR = '#64748b';

const STYLE: Record<FigureLine['kind'], LineStyle> = {
  observed: 'solid',
  derived: 'solid',
  forecast: 'dashed',
  futures: 'dotted',
  average: 'dashed',
};

/**
 * A figure line's color: its catalog series' (a forecast is a series of its own, with its own
 * color), a derived line's own, the futures strip its contracts', the five-year average its own.
 */
export function seriesLineColor(line: Pick<FigureLine, 'key' | 'kind' | 'continues'>): string {
  if (line.kind === 'average') return FIVE_YEAR_AVERAGE_COLOR;
  if (line.kind === 'futures') return marketSeriesFacts(`${line.continues ?? ''}-futures-1`)?.color ?? FALLBACK_COLOR;
  if (line.kind === 'derived') return derivedLine(line.key)?.color ?? FALLBACK_COLOR;
  return marketSeriesFacts(line.key)?.color ?? FALLBACK_COLOR;
}

/** A line's points as drawn: a forecast or the strip joined to the last figure of the line it continues. */
function drawnPoints(line: FigureLine, lines: readonly FigureLine[]): [string, number][] {
  const anchor = line.continues ? lines.find((l) => l.key === line.continues)?.points.at(-1) : undefined;
  return anchor ? [anchor, ...line.points] : line.points;
}

/** What a reader who cannot see the chart is told: what it shows and each line's latest figure. */
function describe(figure: SeriesFigure): string {
  const latest = figure.lines
    .filter((l) => l.kind === 'observed' || l.kind === 'derived')
    .flatMap((l) => {
      const last = l.points.at(-1);
      return last ? [`${l.name} ${formatNumber(last[1], l.decimals)} ${l.unit} (${formatAsOf(last[0])})`] : [];
    });
  return [
    `${figure.title}: ${figure.subtitle}.`,
    latest.length > 0 ? `Latest: ${latest.join('; ')}.` : 'No figures stored yet.',
    ...figure.notes,
  ].join(' ');
}

/** The chart description of a series view's figure, with the newsroom's annotations of the series that reach into its range. */
export function seriesChartSpec(figure: SeriesFigure, annotations: readonly { from: string; to?: string | null; label: string }[] = []): ChartSpec {
  const series: ChartSeriesSpec[] = figure.lines.map((line) => ({
    name: line.name,
    color: seriesLineColor(line),
    style: STYLE[line.kind],
    axis: line.axis === 1 ? 'right' : 'left',
    markers: line.kind === 'futures',
    points: drawnPoints(line, figure.lines).map(([x, y]) => ({ x, y })),
  }));
  const [left, right] = figure.axes;
  return {
    title: figure.title,
    subtitle: figure.subtitle,
    description: describe(figure),
    mark: 'line',
    xType: 'time',
    series,
    ranges: figure.band
      ? [{ name: figure.band.name, color: FIVE_YEAR_RANGE_COLOR, points: figure.band.points.map(([x, low, high]) => ({ x, low, high })) }]
      : undefined,
    annotations: annotations.map((a) => ({ from: a.from, to: a.to ?? undefined, label: a.label })),
    yTitle: left?.title ?? '',
    yRightTitle: figure.lines.some((l) => l.axis === 1) ? right?.title : undefined,
    decimals: Math.max(0, ...figure.axes.map((a) => a.decimals)),
    source: figure.source,
  };
}
