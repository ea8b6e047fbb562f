// A series view's chart as an image: the card of its page's link preview and the chart of a mail
// (the daily briefing, a price alert), both from the view's one chart description.
import { seriesChartSpec } from '@/lib/charts/specs/series';
import { formatAsOf, formatSeriesValue } from '@/lib/market-format';
import { DEFAULT_SERIES_VIEW, type SeriesView } from '@/lib/series-view';
import type { ChartCard } from '@/server/charts/chart-card';
import { getSeriesChart, type SeriesChart } from '@/server/services/markets/series-page';

/** The view a mail draws of a series: the last month of figures, no forecast (what moved lately). */
export const MAIL_SERIES_VIEW: Readonly<SeriesView> = { ...DEFAULT_SERIES_VIEW, range: '1m', outlook: false };

/** The card of a series view: its chart as the page draws it (the newsroom's annotations too), and the series' latest figure with its date and unit. */
export function seriesCard(chart: Pick<SeriesChart, 'series' | 'figure' | 'annotations'>): ChartCard {
  const { series } = chart;
  return {
    spec: seriesChartSpec(chart.figure, chart.annotations),
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
