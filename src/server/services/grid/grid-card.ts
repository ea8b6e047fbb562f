import { LOWER_48 } from '@db/catalog/grid';
import { demandChart } from '@/lib/charts/specs/grid';
import { gridRegionOf } from '@/lib/grid-format';
import type { GridHistory } from '@/lib/wire/grid';
import type { ChartCard } from '@/server/charts/chart-card';
import { dataChartCard } from '@/server/charts/data-desk-cards';
import { getGridHistory } from '@/server/services/grid/grid';

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
