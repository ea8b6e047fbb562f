// A chart of the data desk (the grid's week, a state's prices and generation) as its builders
// shape it (`grid.ts`, `states.ts`): the figures per point with the labels readers say them by,
// and from it the three things every view of it uses: the `ChartSpec` the server draws, the
// table of the same figures (table view, CSV) and what it says about itself (title, units,
// source, as-of, permalink, embed). Isomorphic, plain data.
import type { ChartSpec } from '@/lib/charts/chart-spec';
import { chartFilename, type ChartMeta } from '@/lib/chart-meta';
import type { CellRevision, ChartTable } from '@/lib/chart-table';
import { formatNumber } from '@/lib/market-format';

export interface DataChartSeries {
  name: string;
  color: string;
  /** Drawn dashed: a forecast, an average to compare with. */
  dashed?: boolean;
  /** One value per point of the x axis; null where there is no figure (a gap in the line). */
  values: (number | null)[];
  /** What EIA revised, point by point beside `values` (in the chart's unit); none when no figure was revised. */
  revisions?: (CellRevision | null)[] | undefined;
}

export interface DataChartSpec {
  /** Unique on the page; the table and the chart are named after it. */
  id: string;
  title: string;
  /** Lines, or bands stacked on one another (storage charging below zero). */
  type: 'line' | 'stacked-area';
  height: number;
  /** The unit of every value ("GW", "¢/kWh"). */
  unit: string;
  decimals: number;
  /** The source line ("Source: U.S. Energy Information Administration, …"). */
  source: string;
  /** The latest figure's hour or month, as readers say it ("Mon, Nov 23, 3 PM CT (4 PM ET)", "August 2026"). */
  asOfText: string;
  /**
   * The x axis: hours (`wallClock`: each hour as the zone's clocks show it, `YYYY-MM-DDTHH:MM`,
   * what the chart's axis labels; `instants`: the same hours in ISO 8601 with the zone's offset,
   * "2026-11-20T16:00:00-06:00", for the table and the CSV; `zone` names it) or months (`YYYY-MM-01`).
   */
  x: { kind: 'hourly'; wallClock: string[]; zone: string; instants: string[] } | { kind: 'monthly'; months: string[] };
  /** Each point's full label, for the table: "Mon, Jan 5, 3 PM CT (4 PM ET)", "August 2026". */
  labels: string[];
  series: DataChartSeries[];
}

/** The x values the chart plots: the hours on the zone's clock, or the months' first days. */
const xValues = (spec: DataChartSpec): string[] => (spec.x.kind === 'hourly' ? spec.x.wallClock : spec.x.months);

/** What a reader who cannot see the chart should know: the span, and each series' latest figure. */
function describe(spec: DataChartSpec): string {
  const first = spec.labels[0];
  const last = spec.labels.at(-1);
  const latest = spec.series.flatMap((s) => {
    const value = s.values.findLast((v) => v !== null);
    return value === undefined || value === null ? [] : [`${s.name} ${formatNumber(value, spec.decimals)} ${spec.unit}`];
  });
  const span = first && last ? `${first} to ${last}.` : 'No figures.';
  return latest.length > 0 ? `${spec.title}, ${span} Latest: ${latest.join('; ')}.` : `${spec.title}, ${span}`;
}

/** The source line with the latest hour or month. */
export function dataChartSource(spec: DataChartSpec): string {
  const latest = spec.x.kind === 'hourly' ? 'Latest hour' : 'Latest month';
  return spec.asOfText ? `${spec.source} ${latest}: ${spec.asOfText}.` : spec.source;
}

/**
 * The chart the server draws of a data desk chart: its series over time in their colors, dashed
 * where asked, stacked bands with what storage drew below zero; the hours on the region's
 * clock (the axis says 4 PM where the region's clocks did), the months by their first day.
 */
export function dataChartSpec(spec: DataChartSpec, subtitle?: string): ChartSpec {
  const xs = xValues(spec);
  return {
    title: spec.title,
    description: describe(spec),
    subtitle,
    mark: spec.type,
    xType: 'time',
    series: spec.series.map((s) => ({
      name: s.name,
      color: s.color,
      style: s.dashed ? 'dashed' : 'solid',
      points: xs.map((x, i) => ({ x, y: s.values[i] ?? null })),
    })),
    yTitle: spec.unit,
    decimals: spec.decimals,
    source: dataChartSource(spec),
  };
}

/**
 * The figures a spec draws, as the toolkit's table: a row per point, a column per series with
 * its unit, each figure as stored. An hour's cell is its ISO 8601 time with the zone's offset
 * (what a spreadsheet reads; the table view says it as `labels` do), a month's its first day.
 */
export function dataChartTable(spec: DataChartSpec): ChartTable {
  const hourly = spec.x.kind === 'hourly' ? spec.x : undefined;
  const xs = hourly ? hourly.instants : xValues(spec);
  return {
    columns: [hourly ? `Hour ending (${hourly.zone})` : 'Month', ...spec.series.map((s) => `${s.name} (${spec.unit})`)],
    rows: xs.map((x, i) => [x, ...spec.series.map((s) => s.values[i] ?? null)]),
    decimals: [null, ...spec.series.map(() => spec.decimals)],
    dates: hourly ? undefined : 'month',
    labels: hourly ? spec.labels : undefined,
    revisions: spec.series.some((s) => s.revisions?.some((r) => r !== null))
      ? xs.map((_, i) => [null, ...spec.series.map((s) => s.revisions?.[i] ?? null)])
      : undefined,
  };
}

/**
 * What a data desk chart says about itself: its title and the note to read it by, its units,
 * the source line with its latest hour or month, and the addresses of its view (`permalink`)
 * and its embed, made absolute on `site`.
 */
export function dataChartMeta(spec: DataChartSpec, view: { note: string; permalink: string; embed: string; site: URL | string }): ChartMeta {
  return {
    title: spec.title,
    subtitle: view.note,
    units: spec.unit,
    source: dataChartSource(spec),
    asOf: spec.asOfText || undefined,
    permalink: new URL(view.permalink, view.site).href,
    embed: new URL(view.embed, view.site).href,
    filename: chartFilename(spec.id),
  };
}

/**
 * Exactly what a data desk chart draws, as its JSON file says it: the chart's words and unit,
 * and each series with its color, stroke and points, an hour as ISO 8601 with the zone's offset
 * (the same instants as the CSV), a month as its first day; a gap is null.
 */
export function dataChartJson(spec: DataChartSpec, subtitle?: string) {
  const chart = dataChartSpec(spec, subtitle);
  const xs = spec.x.kind === 'hourly' ? spec.x.instants : spec.x.months;
  return {
    title: chart.title,
    subtitle: chart.subtitle,
    description: chart.description,
    source: chart.source,
    mark: chart.mark,
    unit: spec.unit,
    decimals: spec.decimals,
    ...(spec.x.kind === 'hourly' ? { zone: spec.x.zone } : {}),
    series: chart.series.map((s) => ({
      name: s.name,
      color: s.color,
      style: s.style,
      points: s.points.map((p, i) => ({ x: xs[i] ?? p.x, y: p.y })),
    })),
  };
}
