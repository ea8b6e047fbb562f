// What a chart loads, and only that: the core with its React wrapper, the chart types it draws,
// and the legend when it shows one. Each is its own chunk, so a page with a line chart never
// downloads the bar, pie or donut code (nor the legend when it has no key). A range-area chart
// (a band with lines over it) loads the line code too.
import type { ComponentType } from 'react';
import type { ApexChartProps } from '@/components/charts/ApexChart';

const CHART_TYPES: Record<ApexChartProps['type'], () => Promise<unknown>> = {
  line: () => import('apexcharts/line'),
  area: () => import('apexcharts/area'),
  bar: () => import('apexcharts/bar'),
  pie: () => import('apexcharts/pie'),
  donut: () => import('apexcharts/donut'),
  rangeArea: () => Promise.all([import('apexcharts/rangeArea'), import('apexcharts/line')]),
};

/** Loads the code ApexCharts needs to draw a chart of `type` (registered with its core). */
export function loadChartType(type: ApexChartProps['type']): Promise<unknown> {
  return CHART_TYPES[type]();
}

/** The chart component, once the code of a chart `type` (and the legend's, when it shows one: `needsLegend`) has loaded. */
export async function loadChart(type: ApexChartProps['type'], legend: boolean): Promise<ComponentType<ApexChartProps>> {
  const [chart] = await Promise.all([
    import('@/components/charts/ApexChart'),
    loadChartType(type),
    legend ? import('apexcharts/features/legend') : undefined,
  ]);
  return chart.default;
}
