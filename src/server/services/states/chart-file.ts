// A state's chart as its chart files (/charts/states/{CODE}) and the mail draw it.
import { stateChart } from '@/lib/charts/specs/states';
import { stateChartPath, type StateChartView } from '@/lib/data-desk-views';
import { dataDeskFile, type ChartFile } from '@/server/charts/chart-files';
import { getStateCharts } from '@/server/services/states/states';

/** A state's chart (price history of a sector, or generation by fuel) as its files draw it; undefined for a state without figures. */
export async function stateChartFileOf(code: string, view: StateChartView, site: URL | string): Promise<ChartFile | undefined> {
  const data = await getStateCharts(code);
  const chart = data && stateChart(data, view);
  if (!chart || chart.spec.labels.length === 0) return undefined;
  return dataDeskFile(chart.spec, chart.note, stateChartPath(code, view), site);
}
