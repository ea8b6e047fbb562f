// A data desk chart (`src/lib/charts/specs/data-desk.ts`) as ApexCharts draws it in the chart
// toolkit's island (`ChartFigure`).
import type { ApexOptions } from 'apexcharts';
import { baseChartOptions, labelStep, type ChartProps } from '@/components/charts/chart-options';
import type { DataChartSeries, DataChartSpec } from '@/lib/charts/specs/data-desk';
import { formatNumber } from '@/lib/market-format';
import { formatMonth } from '@/lib/state-format';

/** A series as ApexCharts draws it: its values, fill and whether the legend and tooltip name it. */
interface Layer {
  name: string;
  color: string;
  dashed: boolean;
  values: (number | null)[];
  /** A band of a stack above zero, one below it (drawn lighter), the stack's unnamed return to zero (see `stackLayers`), or a plain series. */
  part: 'above' | 'below' | 'return' | 'plain';
}

/** Opacity of a stacked band, and of a band below zero (the same color, lighter: a draw on the grid, not generation). */
const STACKED_OPACITY = 0.85;
const BELOW_ZERO_OPACITY = 0.45;

/**
 * The layers of a stacked chart. ApexCharts stacks each series on the one before, so a negative
 * figure (a battery charging) would pull every band above it down. Series that go below zero
 * are drawn in two parts: their negative hours stack first, downwards from zero, each in its
 * fuel's color, lighter ("Battery storage charging"); an unnamed, transparent layer brings the
 * stack back to zero; then every series' positive hours stack upwards as usual. The bands above
 * zero add up to what was generated, those below to what was drawn; the table and the CSV keep
 * each series' net figure, negative where it drew power.
 */
export function stackLayers(series: readonly DataChartSeries[]): Layer[] {
  const layer = (s: DataChartSeries, values: (number | null)[], part: 'above' | 'below', name = s.name): Layer => ({
    name,
    color: s.color,
    dashed: s.dashed ?? false,
    values,
    part,
  });
  const drawing = series.filter((s) => s.values.some((v) => v !== null && v < 0));
  const above = series.map((s) =>
    layer(
      s,
      s.values.map((v) => (v === null ? null : Math.max(0, v))),
      'above',
    ),
  );
  if (drawing.length === 0) return above;
  const below = drawing.map((s) =>
    layer(
      s,
      s.values.map((v) => (v === null ? null : Math.min(0, v))),
      'below',
      `${s.name} drawing power`,
    ),
  );
  const length = Math.max(...series.map((s) => s.values.length));
  const back: Layer = {
    name: '',
    color: 'transparent',
    dashed: false,
    values: Array.from({ length }, (_, i) => -below.reduce((sum, l) => sum + (l.values[i] ?? 0), 0)),
    part: 'return',
  };
  return [...below, back, ...above];
}

/** The ApexCharts props of a spec: its series in its colors, dashed where asked, values with their unit; stacked below and above zero (`stackLayers`). */
export function dataChartProps(spec: DataChartSpec): ChartProps {
  const base = baseChartOptions();
  const format = (v: number) => (typeof v === 'number' ? `${formatNumber(v, spec.decimals)} ${spec.unit}` : '–');
  const datetime = spec.x.kind === 'hourly';
  const times = spec.x.kind === 'hourly' ? spec.x.wallClock.map((w) => Date.parse(`${w}Z`)) : [];
  const stacked = spec.type === 'stacked-area';
  const type = stacked ? (datetime ? 'area' : 'bar') : 'line';
  const layers: Layer[] = stacked
    ? stackLayers(spec.series)
    : spec.series.map((s) => ({ name: s.name, color: s.color, dashed: s.dashed ?? false, values: s.values, part: 'plain' }));
  const series = layers.map((l) => ({
    name: l.name,
    data: datetime ? l.values.map((v, i) => [times[i] ?? 0, v] as [number, number | null]) : l.values,
  }));
  const categories = spec.x.kind === 'monthly' ? spec.x.months.map((m) => formatMonth(m.slice(0, 7), true)) : [];
  const step = labelStep(categories.length);
  const xaxis: ApexOptions['xaxis'] = datetime
    ? { type: 'datetime', labels: { datetimeUTC: true, datetimeFormatter: { year: 'yyyy', month: "MMM 'yy", day: 'MMM d', hour: 'h TT' } } }
    : { categories: categories.map((c, i) => (i % step === 0 ? c : '')), labels: { rotate: 0, hideOverlappingLabels: true } };
  // The legend names the fuels as they stack upwards, then what was drawn below zero; never the return layer.
  const hidden = layers.some((l) => l.part === 'return');
  const legendOrder = [...layers.filter((l) => l.part === 'above'), ...layers.filter((l) => l.part === 'below')];
  const opacity = (l: Layer) => (l.part === 'return' ? 0 : l.part === 'below' ? BELOW_ZERO_OPACITY : type === 'area' ? STACKED_OPACITY : 1);
  return {
    type,
    series,
    options: {
      ...base,
      chart: { ...base.chart, stacked },
      colors: layers.map((l) => l.color),
      stroke: {
        curve: 'straight',
        width: layers.map((l) => (l.part === 'return' || type === 'bar' ? 0 : type === 'area' ? 1 : 2)),
        dashArray: layers.map((l) => (l.dashed ? 5 : 0)),
      },
      fill: { type: 'solid', opacity: stacked ? layers.map(opacity) : 1 },
      legend: {
        ...base.legend,
        showForSingleSeries: true,
        ...(hidden
          ? {
              customLegendItems: legendOrder.map((l) => l.name),
              markers: { fillColors: legendOrder.map((l) => l.color) },
              onItemHover: { highlightDataSeries: false },
            }
          : {}),
      },
      xaxis,
      yaxis: {
        title: { text: spec.unit, style: { fontWeight: 500, color: '#4b5563' } },
        labels: { formatter: (v: number) => formatNumber(v, spec.decimals) },
      },
      tooltip: {
        shared: true,
        intersect: false,
        ...(hidden ? { enabledOnSeries: layers.flatMap((l, i) => (l.part === 'return' ? [] : [i])) } : {}),
        x: { formatter: (_: unknown, point?: { dataPointIndex?: number }) => spec.labels[point?.dataPointIndex ?? -1] ?? '' },
        y: { formatter: format },
      },
    },
  };
}
