import * as z from '@/lib/validation/zod-mini';

/** The stored market series a report may chart. */
export const REPORT_SERIES = ['wti', 'brent', 'henry-hub', 'gasoline', 'electricity'] as const;
export type ReportSeries = (typeof REPORT_SERIES)[number];
export const REPORT_SERIES_LABELS: Record<ReportSeries, string> = {
  wti: 'WTI crude',
  brent: 'Brent crude',
  'henry-hub': 'Henry Hub gas',
  gasoline: 'US gasoline',
  electricity: 'US electricity',
};
/** Price Analysis offers the traded benchmarks; the custom report offers every series. */
export const BENCHMARKS = ['wti', 'brent', 'henry-hub', 'gasoline'] as const satisfies readonly ReportSeries[];

export const REPORT_RANGES = ['1m', '3m', '6m', '1y', '2y'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];
export const REPORT_RANGE_LABELS: Record<ReportRange, string> = {
  '1m': '1 month',
  '3m': '3 months',
  '6m': '6 months',
  '1y': '1 year',
  '2y': '2 years',
};
export const RANGE_DAYS: Record<ReportRange, number> = { '1m': 31, '3m': 92, '6m': 183, '1y': 366, '2y': 731 };

export const CHART_TYPES = ['line', 'area', 'bar'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const SHARE_PERIODS = ['latest', '12m'] as const;
export const SHARE_PERIOD_LABELS: Record<(typeof SHARE_PERIODS)[number], string> = { latest: 'Latest month', '12m': 'Last 12 months' };
export const REGIONAL_METRICS = ['generation', 'renewables'] as const;
export const REGIONAL_METRIC_LABELS: Record<(typeof REGIONAL_METRICS)[number], string> = {
  generation: 'Total generation',
  renewables: 'Renewable share',
};

export const REPORT_KINDS = ['price', 'share', 'regional', 'custom'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** A comma-separated list of series (duplicates dropped), at least one, each one of `allowed`. */
const seriesList = (allowed: readonly ReportSeries[], fallback: string) =>
  z.pipe(
    z.pipe(
      z._default(z.string(), fallback),
      z.transform((v) => [
        ...new Set(
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ]),
    ),
    z
      .array(z.enum(allowed as [ReportSeries, ...ReportSeries[]], { error: 'Unknown series' }))
      .check(z.minLength(1, 'Choose at least one series'), z.maxLength(allowed.length)),
  );

const format = z._default(z.enum(['json', 'csv'], { error: 'Format is json or csv' }), 'json');
const range = (fallback: ReportRange) => z._default(z.enum(REPORT_RANGES, { error: 'Unknown range' }), fallback);

/** Query of each report, in the page URL and at `GET /api/reports/{kind}` alike. */
export const reportQuerySchemas = {
  price: z.object({ series: seriesList(BENCHMARKS, 'wti,brent'), range: range('6m'), format }),
  custom: z.object({
    series: seriesList(REPORT_SERIES, 'wti'),
    range: range('1y'),
    chart: z._default(z.enum(CHART_TYPES, { error: 'Chart type is line, area or bar' }), 'line'),
    format,
  }),
  share: z.object({ period: z._default(z.enum(SHARE_PERIODS, { error: 'Unknown period' }), 'latest'), format }),
  regional: z.object({ metric: z._default(z.enum(REGIONAL_METRICS, { error: 'Unknown metric' }), 'generation'), format }),
} as const;

export type ReportQuery<K extends ReportKind> = z.output<(typeof reportQuerySchemas)[K]>;

/** A report view's settings as its chart's address gives them: its query without `format`. */
export function reportChartQuerySchema(kind: ReportKind) {
  return z.object(Object.fromEntries(Object.entries(reportQuerySchemas[kind].def.shape).filter(([name]) => name !== 'format')));
}
