import { LazyChart } from '@/components/charts/LazyChart';
import { dataChartProps, type DataChartSpec } from '@/components/data-desk/data-chart';

/** A data desk chart (hidden from screen readers: `DataFigure` gives its table beside it). */
export function DataChart({ spec }: { spec: DataChartSpec }) {
  return <LazyChart label={spec.id} height={spec.height} {...dataChartProps(spec)} />;
}
