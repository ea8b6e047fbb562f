// A series view's chart as an image: the card of its page's link preview and the chart of a mail
// (the daily briefing, a price alert), both from the view's one chart description.
import type { ChartSpec } from '@/lib/charts/chart-spec';
import { formatAsOf, formatSeriesValue } from '@/lib/market-format';
import type { SeriesFigure } from '@/lib/series-figure';
import { DEFAULT_SERIES_VIEW, type SeriesView } from '@/lib/series-view';
import type { ChartCard } from '@/server/chart-card';
import { getSeriesChart, type SeriesChart } from '@/server/services/markets/series-page';

/** The view a mail draws of a series: the last month of figures, no forecast (what moved lately). */
export const MAIL_SERIES_VIEW: Readonly<SeriesView> = { ...DEFAULT_SERIES_VIEW, range: '1m', outlook: false };

const LINE_COLORS = ['#2563eb', '#c2410c', '#15803d', '#7c3aed', '#0f766e'];

/** A series figure as a chart description (each line in the figure's order, forecasts dashed, futures dotted). */
function figureSpec(figure: SeriesFigure): ChartSpec {
  const right = figure.axes[1];
  return {
    title: figure.title,
    description: `${figure.subtitle}. Latest figure as of ${figure.asOf}.`,
    subtitle: figure.subtitle,
    mark: 'line',
    xType: 'time',
    series: figure.lines.map((line, i) => ({
      name: line.name,
      color: LINE_COLORS[i % LINE_COLORS.length] ?? '#2563eb',
      style: line.kind === 'forecast' ? 'dashed' : line.kind === 'futures' ? 'dotted' : 'solid',
      axis: line.axis === 1 ? 'right' : 'left',
      points: line.points.map(([x, y]) => ({ x, y })),
    })),
    yTitle: figure.axes[0]?.title ?? '',
    yRightTitle: right?.title,
    decimals: Math.max(...figure.axes.map((a) => a.decimals), 0),
    source: figure.source,
  };
}

/** The card of a series view: its chart, and the series' latest figure with its date and unit. */
export function seriesCard(chart: Pick<SeriesChart, 'series' | 'figure'>): ChartCard {
  const { series } = chart;
  return {
    spec: figureSpec(chart.figure),
    figure: series.latest
      ? { value: formatSeriesValue(series.latest.value, series), label: `as of ${formatAsOf(series.latest.period, series.frequency)}` }
      : undefined,
  };
}

/** The card of a series' view, read from the stored figures; undefined for an unknown series. */
export async function getSeriesCard(slug: string, view: SeriesView): Promise<ChartCard | undefined> {
  const chart = await getSeriesChart(slug, view);
  return chart && seriesCard(chart);
}
