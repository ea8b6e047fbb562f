import { ChartFigure } from '@/components/charts/ChartFigure';
import { dataChartProps } from '@/components/data-desk/data-chart';
import { dataChartTable, type DataChartSpec } from '@/lib/charts/specs/data-desk';
import type { ChartMeta } from '@/lib/chart-meta';

/**
 * A data desk chart in the chart toolkit (an island: the spec is plain data, the chart's options
 * with their formatters and its table are made here), on its page and alone in its embed.
 */
export function DataFigureChart({ spec, meta, mode = 'toggle' }: { spec: DataChartSpec; meta: ChartMeta; mode?: 'toggle' | 'embed' }) {
  return (
    <ChartFigure
      label={spec.id}
      heading={mode === 'embed' ? 'none' : 'h3'}
      mode={mode}
      height={spec.height}
      chart={dataChartProps(spec)}
      table={dataChartTable(spec)}
      meta={meta}
    />
  );
}
