// Loaded lazily by LazyChart, with the modules of the one chart type it draws (see
// chart-modules.ts): the tree-shaken ApexCharts core, never the whole library.
import type { ApexOptions } from 'apexcharts';
import ReactApexChart from 'react-apexcharts/core';

export interface ApexChartProps {
  type: 'line' | 'area' | 'bar' | 'pie' | 'donut' | 'rangeArea';
  series: ApexOptions['series'];
  options: ApexOptions;
  height: number;
}

export default function ApexChart({ type, series, options, height }: ApexChartProps) {
  return <ReactApexChart type={type} series={series} options={options} height={height} width="100%" />;
}
