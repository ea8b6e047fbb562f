// The data desk's charts (a grid region's week, a state's prices) as chart cards: the chart the
// page draws, with its first series' latest figure, its date and its unit. What a link preview
// of a grid or state page and a data alert's chart show.
import { LOWER_48 } from '@db/catalog/grid';
import { dataChartSpec, type DataChartSpec } from '@/lib/charts/specs/data-desk';
import { demandChart } from '@/lib/charts/specs/grid';
import { stateChart } from '@/lib/charts/specs/states';
import type { StateChartView } from '@/lib/data-desk-views';
import { gridRegionOf } from '@/lib/grid-format';
import { formatNumber } from '@/lib/market-format';
import type { ChartCard } from '@/server/charts/chart-card';
import { getGridHistory } from '@/server/services/grid/grid';
import { getStateCharts, type StateCharts } from '@/server/services/states/states';
import type { GridHistory } from '@/lib/wire/grid';

/** A data desk chart's card: its chart, and the latest figure of its first series ("412.3 GW", "as of Tue, Jul 14, 4 PM CT (5 PM ET)"). */
export function dataChartCard(spec: DataChartSpec): ChartCard {
  const latest = spec.series[0]?.values.findLast((v) => v !== null);
  return {
    spec: dataChartSpec(spec),
    figure:
      latest === undefined || latest === null
        ? undefined
        : { value: `${formatNumber(latest, spec.decimals)} ${spec.unit}`, label: spec.asOfText ? `as of ${spec.asOfText}` : '' },
  };
}

/** A grid region's card: its week of demand against the day-ahead forecast (what its page leads with). */
export function gridCard(code: string, history: GridHistory): ChartCard | undefined {
  const region = gridRegionOf(code);
  return region && dataChartCard(demandChart(region, history));
}

/** A grid region's card read from the stored hours (the Lower 48's for /grid); undefined for an unknown region. */
export async function getGridCard(code: string = LOWER_48): Promise<ChartCard | undefined> {
  if (!gridRegionOf(code)) return undefined;
  return gridCard(code, await getGridHistory(code, {}));
}

/** A state's card: its price of a sector against the US average (or its generation), as its page draws it. */
export function stateCard(charts: StateCharts, view: StateChartView): ChartCard {
  return dataChartCard(stateChart(charts, view).spec);
}

/** A state's card read from the stored figures; undefined for an unknown state or before any price is stored. */
export async function getStateCard(code: string, view: StateChartView): Promise<ChartCard | undefined> {
  const charts = await getStateCharts(code);
  return charts && stateCard(charts, view);
}
