import type { ApexOptions } from 'apexcharts';
import { describe, expect, it } from 'vitest';
import type { Report } from '@/lib/wire/markets';
import {
  baseChartOptions,
  energyMixChartProps,
  labelStep,
  needsLegend,
  productionChartProps,
  reportChartProps,
  volatilityChartProps,
} from '@/components/charts/chart-options';

function report(chart: Partial<Report['chart']>): Report {
  return {
    kind: 'price',
    title: 'Price Analysis',
    subtitle: '',
    notes: [],
    source: 'Sample data (seeded history, not EIA figures), as of Nov 21, 2026.',
    chart: { type: 'line', xType: 'datetime', series: [], yTitle: '$/bbl', decimals: 2, ...chart },
    table: { columns: [], rows: [], decimals: [] },
    filename: 'x.csv',
  };
}

const yaxis = (options: ApexOptions) => (Array.isArray(options.yaxis) ? options.yaxis[0] : options.yaxis);

describe('chart options', () => {
  it('give every chart a legend below it, for ApexCharts to draw whenever there is more than one series', () => {
    const legend = baseChartOptions().legend;
    expect(legend?.show).toBe(true);
    expect(legend?.showForSingleSeries).toBeUndefined();
    const twoSeries = reportChartProps(
      report({
        series: [
          { name: 'WTI Crude Oil ($/bbl)', data: [[1, 70]] },
          { name: 'Brent Crude Oil ($/bbl)', data: [[1, 75]] },
        ],
      }),
    );
    expect(twoSeries.options.legend?.show).toBe(true);
    expect(twoSeries.series).toHaveLength(2);
  });

  it('start from one set of base options for the dashboard cards and the reports alike', () => {
    const base = baseChartOptions();
    const charts = [
      reportChartProps(report({})),
      volatilityChartProps([{ label: 'Week 1', value: 15.2 }], 'Volatility (%)'),
      productionChartProps([{ label: 'Jan', value: 42000 }], 'Barrels per day', 0),
      energyMixChartProps([{ source: 'Coal', percentage: 19.7 }], ['#52525b']),
    ];
    for (const chart of charts) {
      expect(chart.options.chart).toEqual(base.chart);
      expect(chart.options.grid).toEqual(base.grid);
    }
  });

  it('keep ApexCharts’ own keyboard focus out of charts hidden from screen readers', () => {
    expect(baseChartOptions().chart?.accessibility?.enabled).toBe(false);
  });

  it('title each value axis with its unit', () => {
    expect(yaxis(reportChartProps(report({ yTitle: '$/bbl' })).options)?.title?.text).toBe('$/bbl');
    const regional = reportChartProps(
      report({ type: 'bar', xType: 'category', horizontal: true, categories: ['Texas'], yTitle: 'Generation (GWh)', decimals: 0 }),
    );
    expect(regional.options.xaxis?.title?.text).toBe('Generation (GWh)');
    expect(yaxis(productionChartProps([], 'Million barrels per day', 2).options)?.title?.text).toBe('Million barrels per day');
    expect(yaxis(volatilityChartProps([], 'Volatility (%)').options)?.title?.text).toBe('Volatility (%)');
  });

  it('label every value of one chart with the same decimals', () => {
    const price = yaxis(reportChartProps(report({ decimals: 2 })).options)?.labels;
    expect([65, 67.5, 70.25].map((v) => price?.formatter?.(v))).toEqual(['65.00', '67.50', '70.25']);
    const share = reportChartProps(report({ type: 'bar', xType: 'category', horizontal: true, decimals: 1, valueSuffix: '%' })).options.xaxis?.labels;
    expect(['0', '12.5', '30'].map((v) => share?.formatter?.(v))).toEqual(['0.0%', '12.5%', '30.0%']);
    const production = yaxis(productionChartProps([], 'Barrels per day', 0).options)?.labels;
    expect([42000, 55000].map((v) => production?.formatter?.(v))).toEqual(['42,000', '55,000']);
  });

  it('labels at most four months of a long production axis, evenly, and names every month in the tooltip', () => {
    expect([3, 6, 7, 12, 13].map(labelStep)).toEqual([1, 1, 2, 3, 4]);
    const months = Array.from({ length: 12 }, (_, i) => ({ label: `M${i}`, value: i }));
    const props = productionChartProps(months, 'Million barrels per day', 2);
    const xaxis = props.options.xaxis as { categories: string[] };
    expect(xaxis.categories.filter(Boolean)).toEqual(['M0', 'M3', 'M6', 'M9']);
    const tooltip = props.options.tooltip as { x: { formatter: (v: unknown, o: { dataPointIndex: number }) => string } };
    expect(tooltip.x.formatter(undefined, { dataPointIndex: 5 })).toBe('M5');
  });

  it('loads the legend only for a chart that shows one', () => {
    const options: ApexOptions = {};
    expect(needsLegend({ type: 'area', series: [{ name: 'a', data: [1] }], options })).toBe(false);
    expect(needsLegend({ type: 'area', series: [{ name: 'a', data: [1] }], options: { legend: { showForSingleSeries: true } } })).toBe(true);
    expect(
      needsLegend({
        type: 'line',
        series: [
          { name: 'a', data: [1] },
          { name: 'b', data: [2] },
        ],
        options,
      }),
    ).toBe(true);
    expect(needsLegend({ type: 'pie', series: [1, 2], options })).toBe(true);
    expect(needsLegend({ type: 'pie', series: [1, 2], options: { legend: { show: false } } })).toBe(false);
  });
});
