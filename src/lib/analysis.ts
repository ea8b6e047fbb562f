import type { AnalyticsContentItem } from '@/lib/wire/analytics';
import { CHART_TYPES, RANGE_DAYS, REPORT_RANGES, REPORT_SERIES, type ChartType, type ReportRange, type ReportSeries } from '@/lib/validation/reports';

/** The chart an analysis item asks for in its metadata: stored series over a range. */
export interface AnalysisChart {
  series: ReportSeries[];
  range: ReportRange;
  chart: ChartType;
}

/** An analysis item as /analytics lists it: its type, a short excerpt and whether its page draws a chart. */
export type AnalysisSummary = Pick<AnalyticsContentItem, 'id' | 'title' | 'type' | 'createdAt'> & { excerpt: string; hasChart: boolean };

const DEFAULT_RANGE: ReportRange = '1y';

/** The shortest report range covering `days` days (the longest when none does). */
function rangeCovering(days: number): ReportRange {
  return REPORT_RANGES.find((r) => RANGE_DAYS[r] >= days) ?? '2y';
}

/**
 * The chart of an item's metadata: `series` (a list or comma list of the report series:
 * wti, brent, henry-hub, gasoline, electricity), optional `range` (1m, 3m, 6m, 1y, 2y or a
 * number of days such as "90d") and optional `chart` (line, area or bar). Unknown series are
 * ignored; without a known one the item has no chart.
 */
export function analysisChartOf(metadata: Record<string, unknown>): AnalysisChart | undefined {
  const raw = metadata['series'];
  const names = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  const series = REPORT_SERIES.filter((s) => names.some((n) => typeof n === 'string' && n.trim() === s));
  if (series.length === 0) return undefined;
  const range = metadata['range'];
  const days = typeof range === 'string' ? /^(\d{1,4})d$/.exec(range.trim())?.[1] : undefined;
  const chart = metadata['chart'];
  return {
    series,
    range: (REPORT_RANGES as readonly unknown[]).includes(range) ? (range as ReportRange) : days ? rangeCovering(Number(days)) : DEFAULT_RANGE,
    chart: (CHART_TYPES as readonly unknown[]).includes(chart) ? (chart as ChartType) : 'line',
  };
}
