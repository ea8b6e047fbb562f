import { stateChart } from '@/lib/charts/specs/states';
import type { StateChartView } from '@/lib/data-desk-views';
import type { ChartCard } from '@/server/charts/chart-card';
import { dataChartCard } from '@/server/charts/data-desk-cards';
import { getStateCharts, type StateCharts } from '@/server/services/states/states';

/** A state's card: its price of a sector against the US average (or its generation), as its page draws it. */
export function stateCard(charts: StateCharts, view: StateChartView): ChartCard {
  return dataChartCard(stateChart(charts, view).spec);
}

/** A state's card read from the stored figures; undefined for an unknown state or before any price is stored. */
export async function getStateCard(code: string, view: StateChartView): Promise<ChartCard | undefined> {
  const charts = await getStateCharts(code);
  return charts && stateCard(charts, view);
}
