import { ChartFigure } from '@/components/charts/ChartFigure';
import { seriesFigureChartProps } from '@/components/markets/series-chart-options';
import type { ChartMeta } from '@/lib/chart-meta';
import { seriesFigureTable, type SeriesFigure } from '@/lib/series-figure';

export const SERIES_CHART_HEIGHT = 340;

/**
 * A series view's chart in the chart toolkit (an island: the figure is plain data, the chart's
 * options with their formatters are made here): on its page, and alone in its embed.
 */
export function SeriesFigureChart({ figure, meta, mode = 'toggle' }: { figure: SeriesFigure; meta: ChartMeta; mode?: 'toggle' | 'embed' }) {
  return (
    <ChartFigure
      label={figure.lines[0]?.name ?? meta.title}
      heading={mode === 'embed' ? 'none' : 'h3'}
      mode={mode}
      height={SERIES_CHART_HEIGHT}
      chart={seriesFigureChartProps(figure)}
      table={seriesFigureTable(figure)}
      meta={meta}
    />
  );
}
