// The chart files: a chart view drawn on the server at an address of its own
// (/charts/{kind}/{key}.{svg,png,csv,json}), beside the services that answer them
// (market-files.ts, data-files.ts; chart-files.ts answers each format). Part of the API document: src/server/openapi.ts assembles every domain's part.
import { MAX_COMPARED } from '@/lib/series-view';
import { SERIES_SLUGS } from '@/lib/series-catalog';
import { seriesChartQuerySchema } from '@/lib/validation/series-query';
import { chartThemeQuerySchema } from '@/lib/validation/chart-theme';
import { gridChartFileQuerySchema, GRID_CHARTS } from '@/lib/validation/grid-query';
import { stateChartFileQuerySchema } from '@/lib/validation/state-query';
import { REPORT_KINDS } from '@/lib/validation/reports';
import * as z from '@/lib/validation/zod-mini';
import { TAG, ok, open, pathParam, rateLimited, type DomainPaths } from '@/server/api-operations';
import { envSchema } from '@/server/config';
import { CHART_FILE_FORMATS, CHART_FILE_SIZE } from '@/server/charts/chart-files';

const point = z.tuple([z.string(), z.number()]);

/** What the JSON of a series view's chart holds (`seriesChartJson`). */
const seriesChartFileSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  source: z.string(),
  asOf: z.string(),
  notes: z.array(z.string()),
  sample: z.boolean(),
  measure: z.enum(['level', 'index', 'yoy']),
  permalink: z.string(),
  axes: z.array(z.object({ side: z.enum(['left', 'right']), title: z.string() })),
  lines: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      kind: z.enum(['observed', 'derived', 'forecast', 'futures', 'average']),
      unit: z.string(),
      axis: z.enum(['left', 'right']),
      color: z.string(),
      continues: z.optional(z.string()),
      points: z.array(point),
    }),
  ),
  band: z.nullable(
    z.object({ name: z.string(), unit: z.string(), decimals: z.number(), points: z.array(z.tuple([z.string(), z.number(), z.number()])) }),
  ),
  annotations: z.array(z.object({ from: z.string(), to: z.nullable(z.string()), label: z.string() })),
});

/** What the JSON of a grid or state chart holds (`dataChartJson`): each series as drawn, an hour in ISO 8601 with its zone's offset, a month as its first day. */
const dataChartFileSchema = z.object({
  title: z.string(),
  subtitle: z.optional(z.string()),
  description: z.string(),
  source: z.string(),
  mark: z.enum(['line', 'stacked-area']),
  unit: z.string(),
  decimals: z.number(),
  zone: z.optional(z.string()),
  series: z.array(
    z.object({
      name: z.string(),
      color: z.string(),
      style: z.optional(z.enum(['solid', 'dashed', 'dotted'])),
      points: z.array(z.object({ x: z.string(), y: z.nullable(z.number()) })),
    }),
  ),
});

/** What the JSON of a report's chart holds: the chart as drawn (`ChartSpec`), its notes and the table behind it. */
const reportChartFileSchema = z.object({
  title: z.string(),
  subtitle: z.optional(z.string()),
  description: z.string(),
  source: z.string(),
  mark: z.enum(['line', 'area', 'bar', 'donut']),
  xType: z.enum(['time', 'category']),
  yTitle: z.string(),
  decimals: z.number(),
  valueSuffix: z.optional(z.string()),
  series: z.array(z.object({ name: z.string(), color: z.string(), points: z.array(z.object({ x: z.string(), y: z.nullable(z.number()) })) })),
  notes: z.array(z.string()),
  table: z.object({
    columns: z.array(z.string()),
    rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
    decimals: z.array(z.nullable(z.number())),
  }),
});

/** Every report's settings, as /analytics and the report API name them, with the picture's theme. */
const reportChartFileQuerySchema = z.object({
  series: z.optional(z.string()),
  range: z.optional(z.string()),
  chart: z.optional(z.string()),
  period: z.optional(z.string()),
  metric: z.optional(z.string()),
  ...chartThemeQuerySchema.def.shape,
});

const FILES_ABOUT =
  `A flat, standalone SVG of ${CHART_FILE_SIZE.width}×${CHART_FILE_SIZE.height} (title, legend, axes with units, source line and the view’s address drawn in), ` +
  'its PNG at twice the size (title, source and address also as PNG text), the figures it draws as CSV (ISO 8601 times with their offset, every stored digit, units in the header) ' +
  'or as JSON (each series as drawn, with its color). Cached with the page’s tags and purged with them. A value that names no view is a 400 naming the parameter.';
/** A chart file not in the page cache is drawn only within the client's limit (src/server/front/listener.ts). */
const DRAWN_TOO_OFTEN = rateLimited(
  `Too many chart files drawn for this address: \`CHART_RATE_LIMIT\` a minute for the whole machine (${envSchema.shape.CHART_RATE_LIMIT.parse(undefined)} by default), counting only those not answered from the cache.`,
);

/** A chart file's answers: the file (its CSV's rows as `csv` says), a view not named, `notFound`, drawn too often. */
const fileResponses = (
  schema: z.ZodMiniType,
  csv = 'A header row (the hour, month, date or category, then each series and its unit), then a row per point.',
  notFound = 'No such chart, format, or no figures stored for it.',
) => ({
  '200': ok('The chart file.', schema, { csv, files: { 'image/svg+xml': 'The chart as SVG.', 'image/png': 'The chart as PNG.' } }),
  '400': 'A query parameter that names no view (or given twice).',
  '404': notFound,
  '429': DRAWN_TOO_OFTEN,
});

export const chartPaths: DomainPaths = {
  '/charts/grid/{file}': {
    get: open([TAG.data], {
      operationId: 'getGridChartFile',
      summary: 'A grid region’s chart of the week as SVG or PNG, or exactly its figures as CSV or JSON',
      description: `The charts of \`/grid/{region}\` (\`chart\`: ${GRID_CHARTS.join(', ')}), as its embed names them. ${FILES_ABOUT}`,
      path: { file: pathParam('The region’s EIA code (any case) and the format: `{region}.{svg,png,csv,json}`, e.g. `TEX.csv`.') },
      query: {
        schema: gridChartFileQuerySchema,
        about: {
          chart: 'Demand against the forecast, generation by fuel, or net interchange.',
          theme: 'The picture’s ink and background (SVG and PNG).',
        },
      },
      responses: fileResponses(dataChartFileSchema),
    }),
  },
  '/charts/states/{file}': {
    get: open([TAG.data], {
      operationId: 'getStateChartFile',
      summary: 'A state’s chart (price history by sector, or generation by fuel) as SVG or PNG, or exactly its figures as CSV or JSON',
      description: `The charts of \`/states/{code}\`, as its embed names them. ${FILES_ABOUT}`,
      path: { file: pathParam('The state’s postal code (any case) and the format: `{code}.{svg,png,csv,json}`, e.g. `TX.svg`.') },
      query: {
        schema: stateChartFileQuerySchema,
        about: {
          chart: '`price` (the default) or `generation`.',
          sector: 'The price history’s retail sector.',
          theme: 'The picture’s ink and background (SVG and PNG).',
        },
      },
      responses: fileResponses(dataChartFileSchema),
    }),
  },
  '/charts/reports/{file}': {
    get: open([TAG.data], {
      operationId: 'getReportChartFile',
      summary: 'A report view’s chart as SVG or PNG, or exactly its figures as CSV or JSON',
      description: `The chart of a report of /analytics with its settings (as \`GET /api/reports/{kind}\` takes them). ${FILES_ABOUT}`,
      path: { file: pathParam(`The report and the format: \`{kind}.{svg,png,csv,json}\`, kinds ${REPORT_KINDS.join(', ')}; e.g. \`share.svg\`.`) },
      query: {
        schema: reportChartFileQuerySchema,
        about: {
          series: 'Price and custom reports: a comma list of series.',
          range: 'Price and custom reports: how far back.',
          chart: 'Custom report: line, area or bar.',
          period: 'Market Share: latest or 12m.',
          metric: 'Regional Data: generation or renewables.',
          theme: 'The picture’s ink and background (SVG and PNG).',
        },
      },
      responses: fileResponses(reportChartFileSchema),
    }),
  },
  '/charts/markets/{file}': {
    get: open([TAG.data], {
      operationId: 'getSeriesChartFile',
      summary: 'A series view’s chart as SVG or PNG, or exactly its figures as CSV or JSON',
      description:
        `The chart of \`/markets/{slug}\` with the same query, drawn on the server: a flat, standalone SVG of ${CHART_FILE_SIZE.width}×${CHART_FILE_SIZE.height} ` +
        '(title, legend, axes with units, source line and the view’s address drawn in; no script, no foreignObject, no nested <svg>), ' +
        'its PNG at twice the size (title, source and address also as PNG text), the figures it draws as CSV (ISO 8601 dates, every stored digit, units in the header) ' +
        'or as JSON (each line with its kind, unit, axis and color, the axes, the five-year range, the newsroom’s annotations). ' +
        'Cached as the page is and purged with it when an import changes the figures. A value that names no view is a 400 naming the parameter.',
      path: {
        file: pathParam(
          `The series’ slug and the format: \`{slug}.{${CHART_FILE_FORMATS.join(',')}}\`, e.g. \`wti.svg\`. Slugs: ${SERIES_SLUGS.join(', ')}.`,
        ),
      },
      query: {
        schema: seriesChartQuerySchema,
        about: {
          range: 'How far back, as the page’s range links say it.',
          compare: `Up to ${MAX_COMPARED} other series or derived lines (\`wti-brent-spread\`, \`gas-storage-vs-five-year\`), a comma list.`,
          measure: '`level` as published, `index` rebased to 100 at the range’s first figure, `yoy` change from a year earlier.',
          outlook: '`hide` leaves out EIA’s forecast and the futures strip.',
          theme: 'The picture’s ink and background (SVG and PNG).',
        },
      },
      responses: fileResponses(
        seriesChartFileSchema,
        'A header row (`Date`, then each line and its unit), then a row per date.',
        'No such series or format.',
      ),
    }),
  },
};
