// The chart files of the grid, the states and the reports (/charts/grid/{REGION},
// /charts/states/{CODE}, /charts/reports/{kind}, `.svg|.png|.csv|.json`): each view as its page
// and its embed name it, read through their services (so a file carries the page's cache tags:
// `g:{REGION}`, `states`, `market`) and drawn by the same builders (src/lib/charts/specs/).
import { reportEmbedPath, reportViewPath } from '@/lib/chart-embeds';
import { reportChartSpec } from '@/lib/charts/specs/reports';
import type { StateChartView } from '@/lib/data-desk-views';
import { gridRegionOf } from '@/lib/grid-format';
import { stateCodeOf } from '@/lib/state-format';
import { chartThemeQuerySchema } from '@/lib/validation/chart-theme';
import { gridChartFileQuerySchema } from '@/lib/validation/grid-query';
import { stateChartFileQuerySchema } from '@/lib/validation/state-query';
import { REPORT_KINDS, reportChartQuerySchema, type ReportKind, type ReportQuery } from '@/lib/validation/reports';
import * as z from '@/lib/validation/zod-mini';
import { messages, NotFoundError } from '@/server/errors';
import { chartFileName, chartFileResponse, readChartFileQuery } from '@/server/charts/chart-files';
import { gridChartFileOf } from '@/server/services/grid/chart-file';
import { stateChartFileOf } from '@/server/services/states/chart-file';
import { getReportEmbedData } from '@/server/services/markets/reports';

/** GET /charts/grid/{region}.{ext}?chart=&theme=: a region's chart of the week; a 404 for an unknown region or one without hours. */
export async function gridChartFile(file: string | undefined, params: URLSearchParams, site: URL | string): Promise<Response> {
  const { key, format } = chartFileName(file);
  const region = gridRegionOf(key);
  if (!region) throw new NotFoundError(messages.gridRegionNotFound);
  const { chart, theme } = readChartFileQuery(gridChartFileQuerySchema, params);
  const drawn = await gridChartFileOf(region.code, chart, site);
  if (!drawn) throw new NotFoundError(messages.notFound);
  return chartFileResponse(drawn, format, theme);
}

/** GET /charts/states/{code}.{ext}?chart=&sector=&theme=: a state's price history or generation by fuel; a 404 for an unknown state or one without figures. */
export async function stateChartFile(file: string | undefined, params: URLSearchParams, site: URL | string): Promise<Response> {
  const { key, format } = chartFileName(file);
  const code = stateCodeOf(key);
  if (!code) throw new NotFoundError(messages.stateNotFound);
  const query = readChartFileQuery(stateChartFileQuerySchema, params);
  const view: StateChartView = query.chart === 'generation' ? { chart: 'generation' } : { chart: 'price', sector: query.sector };
  const drawn = await stateChartFileOf(code, view, site);
  if (!drawn) throw new NotFoundError(messages.noRetailPrices);
  return chartFileResponse(drawn, format, query.theme);
}

/** GET /charts/reports/{kind}.{ext}?{the report's settings}&theme=: a report view's chart; a 404 for an unknown report or one without stored figures. */
export async function reportChartFile(file: string | undefined, params: URLSearchParams, site: URL | string): Promise<Response> {
  const { key, format } = chartFileName(file);
  if (!(REPORT_KINDS as readonly string[]).includes(key)) throw new NotFoundError(messages.unknownReport);
  const kind = key as ReportKind;
  const query = readChartFileQuery(z.object({ ...reportChartQuerySchema(kind).def.shape, ...chartThemeQuerySchema.def.shape }), params) as Omit<
    ReportQuery<ReportKind>,
    'format'
  > & {
    theme: 'light' | 'dark';
  };
  const { theme, ...chosen } = query;
  const report = await getReportEmbedData(kind, { ...chosen, format: 'json' } as ReportQuery<ReportKind>);
  if (!report) throw new NotFoundError(messages.noSeriesData);
  const spec = reportChartSpec(report);
  const embed = reportEmbedPath(kind, params) ?? `/embed/reports/${kind}`;
  return chartFileResponse(
    {
      spec,
      table: report.table,
      json: { ...spec, notes: report.notes, series: spec.series, table: report.table },
      permalink: new URL(reportViewPath(embed), site).href,
      filename: report.filename.replace(/\.csv$/, ''),
    },
    format,
    theme,
  );
}
