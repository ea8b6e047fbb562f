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
  /** On a stacked chart, the name of its hours below zero ("Battery storage charging"); "<name> drawing power" unless said. */
  negativeName?: string;
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
   * hours as the zone's clocks show them; `zone` names it; `instants` are the same hours in
   * ISO 8601 with the zone's offset, "2026-11-20T16:00:00-06:00", for the table and the CSV)
   * or categories (months).
   */
  x: { kind: 'datetime'; times: number[]; zone: string; instants: string[] } | { kind: 'category'; categories: string[] };
  /** Each point's full label, for the table and the tooltip: "Mon, Jan 5, 3 PM CT (4 PM ET)", "August 2026". */
  labels: string[];
  /** Each point's month (`YYYY-MM-01`) on a monthly chart: its table and CSV give the date, the labels say it. */
  months?: string[];
  series: DataChartSeries[];
}

/** A series as ApexCharts draws it: its values, fill and whether the legend and tooltip name it. */
interface Layer {
  name: string;
  color: string;
  dashed: boolean;
  values: (number | null)[];
  /** A band of a stack above zero, one below it (drawn lighter), the stack's unnamed return to zero (see `stackLayers`), or a plain series. */
  part: 'above' | 'below' | 'return' | 'plain';
}

/** Opacity of a stacked band, and of a band below zero (the same color, lighter: a draw on the grid, not generation). */
const STACKED_OPACITY = 0.85;
const BELOW_ZERO_OPACITY = 0.45;

/**
 * The layers of a stacked chart. ApexCharts stacks each series on the one before, so a negative
 * figure (a battery charging) would pull every band above it down. Series that go below zero
 * are drawn in two parts: their negative hours stack first, downwards from zero, each in its
 * fuel's color, lighter ("Battery storage charging"); an unnamed, transparent layer brings the
 * stack back to zero; then every series' positive hours stack upwards as usual. The bands above
 * zero add up to what was generated, those below to what was drawn; the table and the CSV keep
 * each series' net figure, negative where it drew power.
 */
export function stackLayers(series: readonly DataChartSeries[]): Layer[] {
  const layer = (s: DataChartSeries, values: (number | null)[], part: 'above' | 'below', name = s.name): Layer => ({
    name,
    color: s.color,
    dashed: s.dashed ?? false,
    values,
    part,
  });
  const drawing = series.filter((s) => s.values.some((v) => v !== null && v < 0));
  const above = series.map((s) =>
    layer(
      s,
      s.values.map((v) => (v === null ? null : Math.max(0, v))),
      'above',
    ),
  );
  if (drawing.length === 0) return above;
  const below = drawing.map((s) =>
    layer(
      s,
      s.values.map((v) => (v === null ? null : Math.min(0, v))),
      'below',
      s.negativeName ?? `${s.name} drawing power`,
    ),
  );
  const length = Math.max(...series.map((s) => s.values.length));
  const back: Layer = {
    name: '',
    color: 'transparent',
    dashed: false,
    values: Array.from({ length }, (_, i) => -below.reduce((sum, l) => sum + (l.values[i] ?? 0), 0)),
    part: 'return',
  };
  return [...below, back, ...above];
}

/** The ApexCharts props of a spec: its series in its colors, dashed where asked, values with their unit; stacked below and above zero (`stackLayers`). */
export function dataChartProps(spec: DataChartSpec): ChartProps {
  const base = baseChartOptions();
  const format = (v: number) => (typeof v === 'number' ? `${formatNumber(v, spec.decimals)} ${spec.unit}` : '–');
  const datetime = spec.x.kind === 'datetime';
  const times = spec.x.kind === 'datetime' ? spec.x.times : [];
  const stacked = spec.stacked ?? false;
  const layers: Layer[] = stacked
    ? stackLayers(spec.series)
    : spec.series.map((s) => ({ name: s.name, color: s.color, dashed: s.dashed ?? false, values: s.values, part: 'plain' }));
  const series = layers.map((l) => ({
    name: l.name,
    data: datetime ? l.values.map((v, i) => [times[i] ?? 0, v] as [number, number | null]) : l.values,
  }));
  const categories = spec.x.kind === 'category' ? spec.x.categories : [];
  const step = labelStep(categories.length);
  const xaxis: ApexOptions['xaxis'] = datetime
    ? { type: 'datetime', labels: { datetimeUTC: true, datetimeFormatter: { year: 'yyyy', month: "MMM 'yy", day: 'MMM d', hour: 'h TT' } } }
    : { categories: categories.map((c, i) => (i % step === 0 ? c : '')), labels: { rotate: 0, hideOverlappingLabels: true } };
  // The legend names the fuels as they stack upwards, then what was drawn below zero; never the return layer.
  const hidden = layers.some((l) => l.part === 'return');
  const legendOrder = [...layers.filter((l) => l.part === 'above'), ...layers.filter((l) => l.part === 'below')];
  const opacity = (l: Layer) => (l.part === 'return' ? 0 : l.part === 'below' ? BELOW_ZERO_OPACITY : spec.type === 'area' ? STACKED_OPACITY : 1);
  return {
    type: spec.type,
    series,
    options: {
      ...base,
      chart: { ...base.chart, stacked },
      colors: layers.map((l) => l.color),
      stroke: {
        curve: 'straight',
        width: layers.map((l) => (l.part === 'return' || spec.type === 'bar' ? 0 : spec.type === 'area' ? 1 : 2)),
        dashArray: layers.map((l) => (l.dashed ? 5 : 0)),
      },
      fill: { type: 'solid', opacity: stacked ? layers.map(opacity) : spec.type === 'area' ? 0.3 : 1 },
      legend: {
        ...base.legend,
        showForSingleSeries: true,
        ...(hidden
          ? {
              customLegendItems: legendOrder.map((l) => l.name),
              markers: { fillColors: legendOrder.map((l) => l.color) },
              onItemHover: { highlightDataSeries: false },
            }
          : {}),
      },
      xaxis,
      yaxis: {
        title: { text: spec.unit, style: { fontWeight: 500, color: '#4b5563' } },
        labels: { formatter: (v: number) => formatNumber(v, spec.decimals) },
      },
      tooltip: {
        shared: true,
        intersect: false,
        ...(hidden ? { enabledOnSeries: layers.flatMap((l, i) => (l.part === 'return' ? [] : [i])) } : {}),
        x: { formatter: (_: unknown, point?: { dataPointIndex?: number }) => spec.labels[point?.dataPointIndex ?? -1] ?? '' },
        y: { formatter: format },
      },
    },
  };
}

/**
 * The figures a spec draws, as the toolkit's table: a row per point, a column per series with
 * its unit, each figure as the chart has it. An hour's cell is its ISO 8601 time with the zone's
 * offset (what a spreadsheet reads; the table view says it as `labels` do), a month's its first day.
 */
export function dataChartTable(spec: DataChartSpec): ChartTable {
  const hourly = spec.x.kind === 'datetime' ? spec.x : undefined;
  return {
    columns: [hourly ? `Hour ending (${hourly.zone})` : 'Month', ...spec.series.map((s) => `${s.name} (${spec.unit})`)],
    rows: spec.labels.map((label, i) => [hourly?.instants[i] ?? spec.months?.[i] ?? label, ...spec.series.map((s) => s.values[i] ?? null)]),
    decimals: [null, ...spec.series.map(() => spec.decimals)],
    dates: spec.months ? 'month' : undefined,
    labels: hourly ? spec.labels : undefined,
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
