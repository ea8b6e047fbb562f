// ApexCharts options of a series figure (`src/lib/series-figure.ts`): its lines on one or two
// value axes, EIA's forecast dashed and the futures strip dotted after the latest figure (each
// joined to it), and gas storage's five-year range as a shaded band under its lines.
import type { ApexOptions } from 'apexcharts';
import { CHART_PALETTE, baseChartOptions, type ChartProps } from '@/components/charts/chart-options';
import { formatNumber } from '@/lib/market-format';
import type { FigureLine, SeriesFigure } from '@/lib/series-figure';

const time = (period: string) => Date.parse(`${period}T00:00:00Z`);
const FUTURES_COLOR = '#0891b2';
const AVERAGE_COLOR = '#be185d';
const BAND_COLOR = '#9ca3af';
/** Dash of each kind of line: forecasts dashed, the futures strip dotted, the five-year average finely dashed. */
const DASH: Record<FigureLine['kind'], number> = { observed: 0, derived: 0, forecast: 6, futures: 2, average: 4 };

/** Each line's color: measured lines in palette order, a forecast in its series' color, the strip and the average their own. */
function lineColors(lines: readonly FigureLine[]): string[] {
  const own = new Map<string, string>();
  let next = 0;
  return lines.map((l) => {
    if (l.kind === 'futures') return FUTURES_COLOR;
    if (l.kind === 'average') return AVERAGE_COLOR;
    if (l.kind === 'forecast') return own.get(l.continues ?? '') ?? CHART_PALETTE[0] ?? '#1d4ed8';
    const color = CHART_PALETTE[next++ % CHART_PALETTE.length] ?? '#1d4ed8';
    own.set(l.key, color);
    return color;
  });
}

/** A line's points, a forecast or the strip joined to the last point of the line it continues. */
function pointsOf(line: FigureLine, lines: readonly FigureLine[]): [number, number][] {
  const anchor = line.continues ? lines.find((l) => l.key === line.continues)?.points.at(-1) : undefined;
  return [...(anchor ? [anchor] : []), ...line.points].map(([p, v]) => [time(p), v]);
}

/** The chart of a series figure. */
export function seriesFigureChartProps(figure: SeriesFigure): ChartProps {
  const { lines, band, axes } = figure;
  const colors = lineColors(lines);
  const withBand = band !== null;
  const lineSeries = lines.map((l) => {
    const data = pointsOf(l, lines);
    return { name: l.name, type: 'line', data: withBand ? data.map(([x, y]) => ({ x, y })) : data };
  });
  const series = withBand
    ? [{ name: band.name, type: 'rangeArea', data: band.points.map(([p, min, max]) => ({ x: time(p), y: [min, max] })) }, ...lineSeries]
    : lineSeries;
  const all = withBand ? [{ axis: 0 as const, kind: 'band' as const, decimals: band.decimals, unit: band.unit }, ...lines] : lines;
  // One y axis entry per series: the first series on each axis shows it, the others are read against it.
  const firstOnAxis = (axis: 0 | 1) => series[all.findIndex((l) => l.axis === axis)]?.name ?? '';
  const yaxis = all.map((l, i) => {
    const axis = axes[l.axis] ?? axes[0];
    const decimals = axis?.decimals ?? 2;
    return {
      seriesName: firstOnAxis(l.axis),
      show: all.findIndex((o) => o.axis === l.axis) === i,
      opposite: l.axis === 1,
      title: { text: axis?.title ?? '', style: { fontWeight: 500, color: '#4b5563' } },
      labels: { formatter: (v: number) => (typeof v === 'number' ? formatNumber(v, decimals) : String(v)) },
    };
  });
  const options: ApexOptions = {
    ...baseChartOptions(),
    colors: withBand ? [BAND_COLOR, ...colors] : colors,
    stroke: {
      curve: 'straight',
      width: [...(withBand ? [0] : []), ...lines.map((l) => (l.kind === 'observed' ? 2.5 : 2))],
      dashArray: [...(withBand ? [0] : []), ...lines.map((l) => DASH[l.kind])],
    },
    fill: { type: 'solid', opacity: [...(withBand ? [0.25] : []), ...lines.map(() => 1)] },
    markers: { size: [...(withBand ? [0] : []), ...lines.map((l) => (l.kind === 'futures' ? 4 : 0))], hover: { size: 5 } },
    legend: { ...baseChartOptions().legend, showForSingleSeries: true },
    xaxis: { type: 'datetime', labels: { datetimeUTC: true, datetimeFormatter: { year: 'yyyy', month: "MMM 'yy", day: 'MMM d' } } },
    yaxis,
    tooltip: {
      shared: false,
      intersect: false,
      x: { format: figure.monthly ? 'MMM yyyy' : 'MMM d, yyyy' },
      y: {
        formatter: (v: number, point?: { seriesIndex?: number }) => {
          const l = all[point?.seriesIndex ?? 0];
          return typeof v === 'number' && l ? `${formatNumber(v, l.decimals)} ${l.unit}` : String(v);
        },
      },
    },
  };
  return { type: withBand ? 'rangeArea' : 'line', series: series, options };
}
