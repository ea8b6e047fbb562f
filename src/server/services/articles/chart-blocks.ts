// What a story's chart block draws, as its chart file draws it (the same builders, the same
// reads): its source line for the caption on the story's page and in feeds, and its picture for
// the mail.
import { reportChartSpec } from '@/lib/charts/specs/reports';
import { chartRefPath, type ChartRef } from '@/lib/data-refs';
import { chartRefView } from '@/lib/story-chart';
import { gridChartFileQuerySchema } from '@/lib/validation/grid-query';
import { stateChartFileQuerySchema } from '@/lib/validation/state-query';
import { reportChartQuerySchema, type ReportKind, type ReportQuery } from '@/lib/validation/reports';
import type { ChartCard } from '@/server/charts/chart-card';
import { readChartFileQuery } from '@/server/charts/chart-files';
import { gridChartFileOf } from '@/server/services/grid/chart-file';
import { getReportEmbedData } from '@/server/services/markets/reports';
import { getSeriesCard } from '@/server/services/markets/series-card';
import { stateChartFileOf } from '@/server/services/states/chart-file';

/** A chart block's view as its file address reads it (`/charts/{kind}/{key}.png?…`). */
const paramsOf = (ref: ChartRef) => new URL(chartRefPath(ref, 'png'), 'http://site').searchParams;

/** What a chart block draws (a market series view, a grid region's, a state's or a report view's chart); undefined without stored figures. */
export async function chartBlockCard(ref: ChartRef, site: string): Promise<ChartCard | undefined> {
  switch (ref.kind) {
    case 'markets':
      return getSeriesCard(ref.key, chartRefView(ref));
    case 'grid': {
      const file = await gridChartFileOf(ref.key, readChartFileQuery(gridChartFileQuerySchema, paramsOf(ref)).chart, site);
      return file && { spec: file.spec };
    }
    case 'states': {
      const query = readChartFileQuery(stateChartFileQuerySchema, paramsOf(ref));
      const file = await stateChartFileOf(
        ref.key,
        query.chart === 'generation' ? { chart: 'generation' } : { chart: 'price', sector: query.sector },
        site,
      );
      return file && { spec: file.spec };
    }
    case 'reports': {
      const kind = ref.key;
      const settings = readChartFileQuery(reportChartQuerySchema(kind), paramsOf(ref));
      const report = await getReportEmbedData(kind, { ...settings, format: 'json' } as ReportQuery<ReportKind>);
      return report && { spec: reportChartSpec(report) };
    }
  }
}
