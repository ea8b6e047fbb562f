// A generated report's chart (/analytics, an analysis item, `/embed/reports/{kind}`, its chart
// address `/charts/reports/{kind}`): the report's chart data as the chart the server draws, and
// what it says about itself. Isomorphic.
import { fuelColor } from '@db/catalog/fuels';
import { marketSeriesFacts } from '@db/catalog/market-series';
import type { ChartSpec } from '@/lib/charts/chart-spec';
import { paletteColor } from '@/lib/charts/specs/colors';
import type { ChartMeta } from '@/lib/chart-meta';
import { formatNumber } from '@/lib/market-format';
import type { Report } from '@/lib/wire/markets';

/** The height a report's chart is drawn at, on its page and in its embed. */
export const REPORT_CHART_HEIGHT = 360;

/** "Natural gas 40.2%, Coal 17.0%": each category with its value, for the description. */
function listed(names: readonly string[], values: readonly (number | null)[], decimals: number, suffix: string): string {
  return names
    .map((n, i) => `${n} ${values[i] === null || values[i] === undefined ? 'no figure' : `${formatNumber(values[i], decimals)}${suffix}`}`)
    .join(', ');
}

/**
 * The chart of a report: a donut of shares (each slice a fuel in the fuel's color), bars by
 * category (states ranked), or lines of market series over dates, each in its catalog color (a custom report asking for
 * areas draws areas; bars over hundreds of days draw as lines). Dates are the days they were
 * reported for (`YYYY-MM-DD`).
 */
export function reportChartSpec(report: Report): ChartSpec {
  const { chart } = report;
  const suffix = chart.valueSuffix ?? '';
  const base = {
    title: report.title,
    subtitle: report.subtitle,
    yTitle: chart.yTitle,
    decimals: chart.decimals,
    valueSuffix: chart.valueSuffix,
    source: report.source,
  };
  const categories = chart.categories ?? [];
  if (chart.type === 'donut') {
    const values = (chart.series[0]?.data ?? []).map((v) => (typeof v === 'number' ? v : null));
    return {
      ...base,
      description: `${report.title}, ${report.subtitle}: ${listed(categories, values, chart.decimals, suffix)}.`,
      mark: 'donut',
      xType: 'category',
      series: categories.map((name, i) => ({ name, color: fuelColor(name) ?? paletteColor(i), points: [{ x: name, y: values[i] ?? null }] })),
    };
  }
  if (chart.xType === 'category') {
    const first = chart.series[0];
    const values = (first?.data ?? []).map((v) => (typeof v === 'number' ? v : null));
    return {
      ...base,
      description: `${report.title}, ${report.subtitle}. ${first?.name ?? ''}: ${listed(categories, values, chart.decimals, suffix)}.`,
      mark: 'bar',
      xType: 'category',
      series: chart.series.map((s, i) => ({
        name: s.name,
        color: paletteColor(i),
        points: s.data.map((v, j) => ({ x: categories[j] ?? String(j), y: typeof v === 'number' ? v : null })),
      })),
    };
  }
  // Each market series in its catalog color, as on its page and wherever else it is drawn.
  const series = chart.series.map((s, i) => ({
    name: s.name,
    color: marketSeriesFacts(report.series?.[i]?.slug ?? '')?.color ?? paletteColor(i),
    points: s.data.flatMap((p) => (Array.isArray(p) ? [{ x: new Date(p[0]).toISOString().slice(0, 10), y: p[1] }] : [])),
  }));
  const latest = series.flatMap((s) => {
    const last = s.points.findLast((p) => p.y !== null);
    return last?.y === null || last?.y === undefined ? [] : [`${s.name} ${formatNumber(last.y, chart.decimals)}${suffix} on ${last.x}`];
  });
  return {
    ...base,
    description: `${report.title}, ${report.subtitle}.${latest.length > 0 ? ` Latest: ${latest.join('; ')}.` : ''}`,
    mark: chart.type === 'area' ? 'area' : 'line',
    xType: 'time',
    series,
  };
}

/** What a report's chart says about itself (`permalink` reopens it, `embed` is its embed page's address). */
export function reportChartMeta(report: Report, permalink: string, embed?: string): ChartMeta {
  return {
    title: report.title,
    subtitle: report.subtitle,
    units: report.chart.yTitle,
    source: report.source,
    notes: report.notes,
    permalink,
    embed,
    filename: report.filename.replace(/\.csv$/, ''),
  };
}
