// What a chart loads, and only that: the core with its React wrapper, the one chart type it
// draws, and the legend when it shows one. Each is its own chunk, so a page with a line
// chart never downloads the bar, pie or donut code (nor the legend when it has no key).
import type { ComponentType } from 'react';
import type { ApexChartProps } from '@/components/charts/ApexChart';

const CHART_TYPES: Record<ApexChartProps['type'], () => Promise<unknown>> = {
  line: () => import('apexcharts/line'),
  area: () => import('apexcharts/area'),
  bar: () => import('apexcharts/bar'),
  pie: () => import('apexcharts/pie'),
  donut: () => import('apexcharts/donut'),
};

/** The chart component, once the code of a chart `type` (and the legend's, when it shows one: `needsLegend`) has loaded. */
export async function loadChart(type: ApexChartProps['type'], legend: boolean): Promise<ComponentType<ApexChartProps>> {
  const [chart] = await Promise.all([
    import('@/components/charts/ApexChart'),
    CHART_TYPES[type](),
    legend ? import('apexcharts/features/legend') : undefined,
  ]);
  return chart.default;
}
