// A grid region's chart of the week as its chart files (/charts/grid/{REGION}) and the mail draw it.
import { gridChart, gridChartNote } from '@/lib/charts/specs/grid';
import { gridChartPath, type GridChartKind } from '@/lib/data-desk-views';
import { gridRegionOf } from '@/lib/grid-format';
import { dataDeskFile, type ChartFile } from '@/server/charts/chart-files';
import { getGridHistory } from '@/server/services/grid/grid';

/** A region's chart of the week (`chart`: which one) as its files draw it; undefined for an unknown region or one without hours. */
export async function gridChartFileOf(code: string, chart: GridChartKind, site: URL | string): Promise<ChartFile | undefined> {
  const region = gridRegionOf(code);
  if (!region) return undefined;
  const week = await getGridHistory(region.code, {});
  if (!week.region.latest) return undefined;
  return dataDeskFile(gridChart(region, week, chart), gridChartNote(region, chart), gridChartPath(region.code, chart), site);
}
