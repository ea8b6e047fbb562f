import { LazyChart } from '@/components/charts/LazyChart';
import { seriesChartProps, type SeriesChartData } from '@/components/markets/series-chart-options';

export const SERIES_CHART_HEIGHT = 340;

/** A series page's chart: its figures over the chosen range (the page gives the table and figures beside it). */
export function SeriesChart({ data }: { data: SeriesChartData }) {
  return <LazyChart label={data.name} {...seriesChartProps(data)} height={SERIES_CHART_HEIGHT} />;
}
