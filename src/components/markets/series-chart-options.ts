// ApexCharts options of a series page's chart: the series over the chosen range and, for
// gas storage, the five-year minimum, maximum and average of each week.
import type { ChartProps } from '@/components/charts/chart-options';
import { baseChartOptions } from '@/components/charts/chart-options';
import { formatNumber } from '@/lib/market-format';

export interface SeriesChartData {
  name: string;
  unit: string;
  decimals: number;
  /** [epoch ms, value], oldest first. */
  points: [number, number][];
  /** Five-year range of each week: [epoch ms, min, max, average]. */
  band: [number, number, number, number][];
}

export function seriesChartProps(data: SeriesChartData): ChartProps {
  const format = (v: number) => (typeof v === 'number' ? `${formatNumber(v, data.decimals)} ${data.unit}` : String(v));
  const series = [{ name: `${data.name} (${data.unit})`, data: data.points }];
  if (data.band.length > 0) {
    series.push(
      { name: 'Five-year maximum', data: data.band.map(([x, , max]) => [x, max]) },
      { name: 'Five-year average', data: data.band.map(([x, , , avg]) => [x, Number(avg.toFixed(data.decimals))]) },
      { name: 'Five-year minimum', data: data.band.map(([x, min]) => [x, min]) },
    );
  }
  return {
    type: data.band.length > 0 ? 'line' : 'area',
    series,
    options: {
      ...baseChartOptions(),
      colors: ['#1d4ed8', '#9ca3af', '#d97706', '#9ca3af'],
      stroke: { curve: 'straight', width: data.band.length > 0 ? [2.5, 1.5, 1.5, 1.5] : 2, dashArray: data.band.length > 0 ? [0, 4, 0, 4] : 0 },
      fill: data.band.length > 0 ? { type: 'solid', opacity: 1 } : { type: 'gradient', gradient: { opacityFrom: 0.3, opacityTo: 0.05 } },
      // The legend names the series even when there is only one, with its unit.
      legend: { ...baseChartOptions().legend, showForSingleSeries: true },
      xaxis: { type: 'datetime', labels: { datetimeUTC: true, datetimeFormatter: { year: 'yyyy', month: "MMM 'yy", day: 'MMM d' } } },
      yaxis: {
        title: { text: data.unit, style: { fontWeight: 500, color: '#4b5563' } },
        labels: { formatter: (v: number) => formatNumber(v, data.decimals) },
      },
      tooltip: { x: { format: 'MMM d, yyyy' }, y: { formatter: format } },
    },
  };
}
