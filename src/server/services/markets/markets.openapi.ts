// The market calls: the cards’ figures, reports, the series of the data API and the market-data desk.
// Part of the API document, beside the services its routes call: src/server/openapi.ts assembles
// every domain's part (see docs/contributing.md, "Add an API call").
import { BENCHMARKS } from '@/lib/validation/reports';
import { MAX_OBSERVATIONS } from '@/server/services/markets/series';
import { reportQuerySchemas } from '@/lib/validation/reports';
import * as z from '@/lib/validation/zod-mini';
import { SERIES_SLUGS } from '@/lib/series-catalog';
import { REPORT_KINDS } from '@/lib/validation/reports';
import { seriesListQuerySchema, seriesQuerySchema, seriesRevisionsQuerySchema } from '@/lib/validation/series-query';
import {
  marketDataItemSchema,
  marketDataRefreshSchema,
  marketDataStatusSchema,
  reportSchema,
  seriesHistorySchema,
  seriesRevisionSchema,
  seriesSummarySchema,
} from '@/lib/wire/markets';
import {
  TAG,
  ok,
  pathParam,
  totalHeader,
  cacheHeaders,
  nextLinkHeader,
  VINTAGE_ABOUT,
  LIMIT_OFFSET,
  open,
  openRead,
  dataRead,
  staff,
  type DomainPaths,
  count,
  staffRead,
} from '@/server/api-operations';

/** What Price Analysis charts when its query names nothing. */
const PRICE_DEFAULTS = reportQuerySchemas.price.parse({});
const reportQuery = z.object({ ...reportQuerySchemas.custom.shape, ...reportQuerySchemas.share.shape, ...reportQuerySchemas.regional.shape });

export const marketPaths: DomainPaths = {
  '/api/market-data': {
    get: openRead(
      [TAG.market],
      'listMarketData',
      'The market figures of the cards',
      ok('Figures.', z.array(marketDataItemSchema)),
      'Value, change, unit, as-of date and source of the listed series. `/api/series` has every series.',
    ),
  },
  '/api/reports/{kind}': {
    get: open([TAG.analytics], {
      operationId: 'getReport',
      summary: 'A report: chart data and table',
      description:
        `Price Analysis (\`series\` of ${BENCHMARKS.join(', ')}; default ${PRICE_DEFAULTS.series.join(',')} over ${PRICE_DEFAULTS.range}), ` +
        'Market Share (`period`), Regional Data (`metric`) or a custom report (`series`, `range`, `chart`); the Reports tab builds the same URLs.',
      path: { kind: pathParam('The report.', z.enum(REPORT_KINDS)) },
      query: {
        schema: reportQuery,
        about: {
          series: 'Price and custom reports: comma-separated series.',
          range: 'Price and custom reports: how far back.',
          chart: 'Custom reports: the chart type.',
          period: 'Market Share: the latest month or the last 12.',
          metric: 'Regional Data: total generation or renewable share.',
          format: '`csv` for the CSV download.',
        },
      },
      responses: {
        '200': ok('The report.', reportSchema, { csv: 'The table as CSV.' }),
        '400': 'Invalid query parameters.',
        '404': 'Unknown report.',
      },
    }),
  },
  '/api/series': {
    get: dataRead({
      operationId: 'listSeries',
      summary: 'Every market series with its latest value',
      description: 'Latest value and period, change against the previous observation, unit, cadence, source and whether it is stale.',
      query: { schema: seriesListQuerySchema, about: LIMIT_OFFSET },
      answer: ok('The series, in display order.', z.array(seriesSummarySchema), { headers: { ...totalHeader, ...cacheHeaders } }),
      errors: { '400': 'Invalid query parameters.' },
    }),
  },
  '/api/series/{slug}': {
    get: dataRead({
      operationId: 'getSeries',
      summary: "A series' observations",
      description:
        'Observations from `start` to `end` (both optional and inclusive), oldest first, as JSON or CSV (`period,value (unit)` header row). At most ' +
        count(MAX_OBSERVATIONS) +
        ' observations per answer; narrow a wider range. EIA revises figures it published: by default each figure is the latest, and a revised one also gives `firstValue`, `previousValue` and `revisedAt`; `vintage=first` answers every figure as EIA first published it, `asOf=YYYY-MM-DD` as the site knew it at the end of that day (US Eastern). A series still on its seeded sample history has no published figures, so those two answer none.',
      path: { slug: pathParam(`The series: ${SERIES_SLUGS.join(', ')}.`) },
      query: {
        schema: seriesQuerySchema,
        about: {
          start: 'First date, YYYY-MM-DD (YYYY-MM for a month).',
          end: 'Last date, YYYY-MM-DD (YYYY-MM for a month).',
          format: "The answer's format.",
          ...VINTAGE_ABOUT,
        },
      },
      answer: ok('The observations.', seriesHistorySchema, {
        headers: cacheHeaders,
        csv: 'A header row, then one `period,value` row per observation (of the figures `vintage` or `asOf` chose).',
      }),
      errors: {
        '400': 'Invalid dates, format or vintage, start after end, asOf with vintage=first, or too many observations.',
        '404': 'No such series.',
      },
    }),
  },
  '/api/series/{slug}/revisions': {
    get: dataRead({
      operationId: 'listSeriesRevisions',
      summary: "Every revision EIA made to a series' figures",
      description:
        'Each figure that replaced an earlier one of its period, with the figure it replaced and when the site’s import saw it, by period newest first (within a period, the latest revision first). A series on its seeded sample history has none. Paged by cursor: when more follow, the `Link` header names the next page (`rel="next"`, with its `cursor`); the last page has none. A deep page costs what the first does; no total is counted.',
      path: { slug: pathParam(`The series: ${SERIES_SLUGS.join(', ')}.`) },
      query: {
        schema: seriesRevisionsQuerySchema,
        about: {
          limit: 'Revisions per page (at most 1,000).',
          cursor: 'Where the page starts: the `cursor` of the `Link` header’s next page, taken as it comes. Without it, the first page.',
          offset: 'Not taken (a 400): follow the next link instead.',
        },
      },
      answer: ok('A page of revisions.', z.array(seriesRevisionSchema), { headers: { ...nextLinkHeader, ...cacheHeaders } }),
      errors: { '400': 'Invalid limit or cursor, or an offset.', '404': 'No such series.' },
    }),
  },
  '/api/admin/market-data': {
    get: staffRead(
      TAG.adminData,
      'getMarketDataStatus',
      'Each series’ source and latest period, and the last imports',
      ok('The state of the market data.', marketDataStatusSchema),
    ),
  },
  '/api/admin/market-data/refresh': {
    post: staff(TAG.adminData, {
      operationId: 'refreshMarketData',
      summary: 'Import new observations from EIA now',
      responses: {
        '200': ok('Imported: the new state and what changed.', marketDataRefreshSchema),
        '400': 'No EIA_API_KEY is set (the message says how to get one).',
        '502': 'EIA refused or failed; nothing changed.',
      },
    }),
  },
};
