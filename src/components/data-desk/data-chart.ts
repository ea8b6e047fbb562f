// A chart of the data desk as plain data (the grid's week, a state's prices and generation),
// and what the chart toolkit (`ChartFigure`) takes from it: its ApexCharts props, its table
// (the table view and the CSV, from the same numbers), and what it says about itself (title,
// units, source, as-of, permalink, embed). Serializable, so an island takes it as is.
import type { ApexOptions } from 'apexcharts';
import { baseChartOptions, labelStep, type ChartProps } from '@/components/charts/chart-options';
import { chartFilename, type ChartMeta } from '@/lib/chart-meta';
import type { ChartTable } from '@/lib/chart-table';
import { formatNumber } from '@/lib/market-format';

export interface DataChartSeries {
  name: string;
  color: string;
  /** Drawn dashed: a forecast, an average to compare with. */
  dashed?: boolean;
  /** One value per point of the x axis; null where there is no figure (a gap in the line). */
  values: (number | null)[];
}

export interface DataChartSpec {
  /** Unique on the page; the table and the chart are named after it. */
  id: string;
  title: string;
  type: 'line' | 'area' | 'bar';
  stacked?: boolean;
  height: number;
  /** The unit of every value ("GW", "¢/kWh"). */
  unit: string;
  decimals: number;
  /** The source line ("Source: U.S. Energy Information Administration, …"). */
  source: string;
  /** The latest figure's hour or month, as readers say it ("Mon, Nov 23, 3 PM CT (4 PM ET)", "August 2026"). */
  asOfText: string;
  /**
   * The x axis: instants (milliseconds of a wall clock read as UTC, so the axis labels the
   * hours as the zone's clocks show them; `zone` names it) or categories (months).
   */
  x: { kind: 'datetime'; times: number[]; zone: string } | { kind: 'category'; categories: string[] };
  /** Each point's full label, for the table and the tooltip: "Mon, Jan 5, 3 PM CT (4 PM ET)", "August 2026". */
  labels: string[];
  /** Each point's month (`YYYY-MM-01`) on a monthly chart: its table and CSV give the date, the labels say it. */
  months?: string[];
  series: DataChartSeries[];
}

/** The ApexCharts props of a spec: its series in its colors, dashed where asked, values with their unit. */
export function dataChartProps(spec: DataChartSpec): ChartProps {
  const base = baseChartOptions();
  const format = (v: number) => (typeof v === 'number' ? `${formatNumber(v, spec.decimals)} ${spec.unit}` : '–');
  const datetime = spec.x.kind === 'datetime';
  const times = spec.x.kind === 'datetime' ? spec.x.times : [];
  const series = spec.series.map((s) => ({
    name: s.name,
    data: datetime ? s.values.map((v, i) => [times[i] ?? 0, v] as [number, number | null]) : s.values,
  }));
  const categories = spec.x.kind === 'category' ? spec.x.categories : [];
  const step = labelStep(categories.length);
  const xaxis: ApexOptions['xaxis'] = datetime
    ? { type: 'datetime', labels: { datetimeUTC: true, datetimeFormatter: { year: 'yyyy', month: "MMM 'yy", day: 'MMM d', hour: 'h TT' } } }
    : { categories: categories.map((c, i) => (i % step === 0 ? c : '')), labels: { rotate: 0, hideOverlappingLabels: true } };
  return {
    type: spec.type,
    series,
    options: {
      ...base,
      chart: { ...base.chart, stacked: spec.stacked ?? false },
      colors: spec.series.map((s) => s.color),
      stroke: {
        curve: 'straight',
        width: spec.type === 'bar' ? 0 : spec.type === 'area' ? 1 : 2,
        dashArray: spec.series.map((s) => (s.dashed ? 5 : 0)),
      },
      fill: spec.type === 'area' ? { type: 'solid', opacity: spec.stacked ? 0.85 : 0.3 } : { type: 'solid', opacity: 1 },
      legend: { ...base.legend, showForSingleSeries: true },
      xaxis,
      yaxis: {
        title: { text: spec.unit, style: { fontWeight: 500, color: '#4b5563' } },
        labels: { formatter: (v: number) => formatNumber(v, spec.decimals) },
      },
      tooltip: {
        shared: true,
        intersect: false,
        x: { formatter: (_: unknown, point?: { dataPointIndex?: number }) => spec.labels[point?.dataPointIndex ?? -1] ?? '' },
        y: { formatter: format },
      },
    },
  };
}

/** What the table's first column holds: the hour, in the zone the chart draws, or the month. */
function periodColumn(spec: DataChartSpec): string {
  return spec.x.kind === 'datetime' ? `Hour ending (${spec.x.zone})` : 'Month';
}

/** The figures a spec draws, as the toolkit's table: a row per point, a column per series with its unit. */
export function dataChartTable(spec: DataChartSpec): ChartTable {
  return {
    columns: [periodColumn(spec), ...spec.series.map((s) => `${s.name} (${spec.unit})`)],
    rows: spec.labels.map((label, i) => [spec.months?.[i] ?? label, ...spec.series.map((s) => s.values[i] ?? null)]),
    decimals: [null, ...spec.series.map(() => spec.decimals)],
    dates: spec.months ? 'month' : undefined,
  };
}

/**
 * What a data desk chart says about itself in the toolkit: its title and the note to read it
 * by, its units, the source line with its latest hour or month, and the addresses of its view
 * (`permalink`) and its embed, made absolute on `site`.
 */
export function dataChartMeta(spec: DataChartSpec, view: { note: string; permalink: string; embed: string; site: URL | string }): ChartMeta {
  const latest = spec.x.kind === 'datetime' ? 'Latest hour' : 'Latest month';
  return {
    title: spec.title,
    subtitle: view.note,
    units: spec.unit,
    source: spec.asOfText ? `${spec.source} ${latest}: ${spec.asOfText}.` : spec.source,
    asOf: spec.asOfText || undefined,
    permalink: new URL(view.permalink, view.site).href,
    embed: new URL(view.embed, view.site).href,
    filename: chartFilename(spec.id),
  };
}
