// Loaded lazily by LazyChart: the tree-shaken ApexCharts core with only the chart types the
// site draws, so no page pays for the whole library. The legend is a separate feature of the
// core: without it, a chart of several series draws their colors with no key.
import 'apexcharts/line';
import 'apexcharts/area';
import 'apexcharts/bar';
import 'apexcharts/pie';
import 'apexcharts/donut';
import 'apexcharts/features/legend';
import type { ApexOptions } from 'apexcharts';
import ReactApexChart from 'react-apexcharts/core';

export interface ApexChartProps {
  type: 'line' | 'area' | 'bar' | 'pie' | 'donut';
  series: ApexOptions['series'];
  options: ApexOptions;
  height: number;
}

export default function ApexChart({ type, series, options, height }: ApexChartProps) {
  return <ReactApexChart type={type} series={series} options={options} height={height} width="100%" />;
}
