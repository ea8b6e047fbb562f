// ApexCharts options for every chart of the site, as plain functions of the data. Only
// types come from apexcharts here: the library itself loads lazily with the chart.
import type { ApexOptions } from 'apexcharts';
import { fuelColor, OTHER_FUEL } from '@db/catalog/fuels';
import { formatNumber } from '@/lib/market-format';
import type { Report } from '@/lib/wire/markets';
import type { ApexChartProps } from '@/components/charts/ApexChart';

export type ChartProps = Pick<ApexChartProps, 'type' | 'series' | 'options'>;

/** Series colors in order, distinguishable from one another. */
export const CHART_PALETTE = ['#1d4ed8', '#d97706', '#15803d', '#7c3aed', '#be185d', '#0891b2', '#52525b'];

/**
 * What every chart starts from: no toolbar, zoom or animation, and a legend below the plot
 * (ApexCharts draws it only when there is more than one series). The chart is hidden from
 * assistive technology, since each has a table of its figures beside it, so ApexCharts' own
 * announcements and keyboard handling are off: focusable legend entries inside a hidden
 * chart would take keyboard focus to something a screen reader cannot see.
 */
export function baseChartOptions(): ApexOptions {
  return {
    chart: {
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
      fontFamily: 'inherit',
      parentHeightOffset: 0,
      accessibility: { enabled: false },
    },
    colors: CHART_PALETTE,
    dataLabels: { enabled: false },
    grid: { borderColor: '#e5e7eb', strokeDashArray: 3 },
    legend: { show: true, position: 'bottom', horizontalAlign: 'left', fontSize: '13px', onItemClick: { toggleDataSeries: false } },
    tooltip: { theme: 'light' },
  };
}

/**
 * Whether a chart draws a legend, so its code must load: a pie or donut unless its legend is
 * off (the slices' key), any other chart with several series or `showForSingleSeries`.
 */
export function needsLegend({ type, series, options }: ChartProps): boolean {
  const legend = options.legend;
  if (legend?.show === false) return false;
  if (type === 'pie' || type === 'donut') return true;
  return (series?.length ?? 0) > 1 || legend?.showForSingleSeries === true;
}

const axisTitle = (text: string) => ({ text, style: { fontWeight: 500, color: '#4b5563' } });

/** A report's chart: lines, areas or bars over dates, ranked bars by category, or a donut of shares. */
export function reportChartProps(report: Report): ChartProps {
  const { chart } = report;
  const suffix = chart.valueSuffix ?? '';
  const format = (v: number) => (typeof v === 'number' ? `${formatNumber(v, chart.decimals)}${suffix}` : String(v));
  const base = baseChartOptions();
  if (chart.type === 'donut') {
    const labels = chart.categories ?? [];
    return {
      type: 'donut',
      series: (chart.series[0]?.data ?? []) as number[],
      options: {
        ...base,
        labels,
        // A slice that is a fuel takes the fuel's color (db/catalog/fuels.ts), as on every other chart.
        colors: labels.map((l, i) => fuelColor(l) ?? CHART_PALETTE[i % CHART_PALETTE.length] ?? OTHER_FUEL.color),
        dataLabels: { enabled: true, formatter: (v: number) => `${formatNumber(v, 1)}%` },
        tooltip: { y: { formatter: format } },
      },
    };
  }
  if (chart.xType === 'category') {
    const horizontal = chart.horizontal ?? false;
    const values = { title: axisTitle(chart.yTitle), labels: { formatter: format } };
    return {
      type: 'bar',
      series: chart.series as ApexOptions['series'],
      options: {
        ...base,
        plotOptions: { bar: { horizontal, borderRadius: 3 } },
        // A horizontal bar chart's value axis is its x axis.
        xaxis: horizontal
          ? { categories: chart.categories ?? [], title: values.title, labels: { formatter: (v: string) => format(Number(v)) } }
          : { categories: chart.categories ?? [] },
        ...(horizontal ? {} : { yaxis: values }),
        tooltip: { y: { formatter: format } },
      },
    };
  }
  return {
    type: chart.type,
    series: chart.series as ApexOptions['series'],
    options: {
      ...base,
      stroke: { width: chart.type === 'bar' ? 0 : 2, curve: 'straight' },
      // US dates: "Aug 24", "Sep '26", "Aug 24, 2026".
      xaxis: { type: 'datetime', labels: { datetimeUTC: true, datetimeFormatter: { year: 'yyyy', month: "MMM 'yy", day: 'MMM d' } } },
      yaxis: { title: axisTitle(chart.yTitle), labels: { formatter: format } },
      tooltip: { x: { format: 'MMM d, yyyy' }, y: { formatter: format } },
    },
  };
}

/** Bars of weekly volatility, in percent; `weekTitle` names what the week labels are. */
export function volatilityChartProps(weeks: readonly { label: string; value: number }[], name: string, weekTitle?: string): ChartProps {
  return {
    type: 'bar',
    series: [{ name, data: weeks.map((w) => w.value) }],
    options: {
      ...baseChartOptions(),
      colors: ['#d97706'],
      xaxis: { categories: weeks.map((w) => w.label), ...(weekTitle ? { title: axisTitle(weekTitle) } : {}) },
      yaxis: { title: axisTitle('Volatility (%)'), labels: { formatter: (v: number) => `${formatNumber(v, 0)}%` } },
      tooltip: { y: { formatter: (v: number) => `${formatNumber(v, 1)}%` } },
      plotOptions: { bar: { borderRadius: 4, columnWidth: '55%' } },
    },
  };
}

/** Every how many categories an axis of `count` labels one: all up to six, else at most four. */
export function labelStep(count: number): number {
  return count <= 6 ? 1 : Math.ceil(count / 4);
}

/** An area of production by month; `unit` titles the value axis, `decimals` fixes its labels. */
export function productionChartProps(months: readonly { label: string; value: number }[], unit: string, decimals: number): ChartProps {
  return {
    type: 'area',
    series: [{ name: `Production (${unit})`, data: months.map((m) => m.value) }],
    options: {
      ...baseChartOptions(),
      colors: ['#1d4ed8'],
      stroke: { curve: 'straight', width: 2 },
      fill: { type: 'gradient', gradient: { opacityFrom: 0.35, opacityTo: 0.05 } },
      // Every month up to six; past that at most four labels, evenly spaced, so they never
      // crowd, overlap or tilt on a phone (ApexCharts' tickAmount does not thin a category axis).
      // The tooltip still names each month.
      xaxis: {
        categories: months.map((m, i) => (i % labelStep(months.length) === 0 ? m.label : '')),
        labels: { rotate: 0, hideOverlappingLabels: true },
      },
      yaxis: { title: axisTitle(unit), labels: { formatter: (v: number) => formatNumber(v, decimals) } },
      tooltip: {
        x: { formatter: (_: unknown, point?: { dataPointIndex?: number }) => months[point?.dataPointIndex ?? -1]?.label ?? '' },
        y: { formatter: (v: number) => `${formatNumber(v, decimals)} ${unit}` },
      },
    },
  };
}

/** A pie of the energy mix in its fixed colors; the card lists the sources itself, so the chart has no legend of its own. */
export function energyMixChartProps(mix: readonly { source: string; percentage: number }[], colors: string[]): ChartProps {
  return {
    type: 'pie',
    series: mix.map((m) => m.percentage),
    options: {
      ...baseChartOptions(),
      labels: mix.map((m) => m.source),
      colors,
      legend: { show: false },
      tooltip: { y: { formatter: (v: number) => `${formatNumber(v, 1)}%` } },
    },
  };
}
