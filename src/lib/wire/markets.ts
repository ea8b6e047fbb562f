// What the API answers about market figures, series, reports and the EIA import.
import * as z from '@/lib/validation/zod-mini';
import { CHART_KINDS } from '@/lib/data-refs';
import type { Frequency } from '@/lib/market-format';
import { CHART_TYPES, REPORT_KINDS } from '@/lib/validation/reports';
import { SERIES_VINTAGES } from '@/lib/validation/series-query';
import { about, isoDate, isoDateTime, named, recordId, namedObject, adminPageOf } from '@/lib/wire/common';

const frequency = about(z.enum(['daily', 'weekly', 'monthly'] as const satisfies readonly Frequency[]), 'How often the series is observed.');

/** A figure of the site's market cards: the latest value and its change. */
export const marketDataItemSchema = namedObject('MarketDataItem', {
  id: recordId,
  slug: z.string(),
  name: z.string(),
  value: about(z.string(), 'The value with its unit sign, e.g. "$72.50".'),
  change: z.optional(about(z.string(), 'Percent change against the previous observation, e.g. "+1.25%".')),
  changeType: z.enum(['positive', 'negative', 'neutral']),
  unit: z.string(),
  asOf: about(z.string(), 'The latest observation’s period, `YYYY-MM-DD` (a month names its first day).'),
  /** How often the series is observed: a monthly `asOf` names a month, not a day. */
  frequency,
  /** Sample history (seeded), not yet replaced by EIA data. */
  sample: about(z.boolean(), 'Seeded illustrative history, not yet replaced by EIA figures.'),
  /** The EIA series the figures come from ("RWTC"), once imported. */
  series: z.optional(about(z.string(), 'The EIA series id, once imported.')),
  /** What the change is measured against: "vs previous day". */
  changePeriod: about(z.string(), 'What the change is measured against, e.g. "vs previous day".'),
  /** The latest observation is older than the series' cadence and EIA's publication lag allow. */
  stale: about(z.boolean(), 'The latest observation is older than the series’ cadence and EIA’s publication lag allow.'),
  /** "Source: U.S. Energy Information Administration, series RWTC", or "Illustrative sample". */
  source: about(z.string(), '"Source: U.S. Energy Information Administration, series RWTC", or "Illustrative sample".'),
});
export type MarketDataItem = z.output<typeof marketDataItemSchema>;

/** A share of the US generation mix. */
export const energyMixEntrySchema = z.object({ source: z.string(), percentage: z.number() });
export type EnergyMixEntry = z.output<typeof energyMixEntrySchema>;

export const observationSchema = named('Observation', z.object({ period: isoDate, value: z.number() }));

/** A series as the data API and the pages describe it: figures, cadence, freshness and source. */
export const seriesSummarySchema = namedObject('Series', 'A market series with its latest value, change, cadence, freshness and source.', {
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  unit: about(z.string(), 'e.g. "$/bbl", "thousand bbl", "Bcf".'),
  frequency,
  decimals: z.int(),
  latest: z.nullable(observationSchema),
  /** The latest value against the one before it. */
  change: z.nullable(
    about(
      z.object({ value: z.number(), percent: z.nullable(z.number()), period: about(z.string(), 'e.g. "vs previous week".') }),
      'The latest value against the previous observation.',
    ),
  ),
  /** The latest observation is older than the series' cadence and EIA's publication lag allow. */
  stale: about(z.boolean(), 'The latest observation is older than `staleAfterDays` (never for a series EIA stopped publishing).'),
  staleAfterDays: z.int(),
  /** EIA stopped publishing the series: its figures end on `on`. */
  ended: z.nullable(
    about(
      z.object({
        on: about(isoDate, 'The last day EIA published.'),
        note: about(z.string(), 'What happened.'),
        replacedBy: about(z.nullable(z.string()), 'The slug of the series that carries on in its place, if any.'),
        text: about(z.string(), 'What to show with its figures: "EIA stopped publishing this series on April 5, 2024."'),
      }),
      'EIA stopped publishing the series; null while it goes on.',
    ),
  ),
  source: z.object({
    sample: about(z.boolean(), 'Seeded illustrative history, not EIA figures.'),
    eiaSeries: about(z.string(), 'The EIA series id, e.g. "RWTC".'),
    text: about(z.string(), 'The source line to show with the figures.'),
  }),
  /** The series page, and the data API's address for its history. */
  page: about(z.string(), 'The series page on this site.'),
  api: about(z.string(), 'This API’s address of its history.'),
});
export type SeriesSummary = z.output<typeof seriesSummarySchema>;

/** An observation of a series' history, with what EIA revised when the figure is a revision. */
export const seriesPointSchema = namedObject('SeriesPoint', 'An observation; a figure EIA revised also says what it was and when it changed.', {
  period: isoDate,
  value: z.number(),
  firstValue: z.optional(about(z.number(), 'Revised figures only: the figure EIA first published for the period.')),
  previousValue: z.optional(about(z.number(), 'Revised figures only: the figure the latest revision replaced.')),
  revisedAt: z.optional(about(isoDateTime, 'Revised figures only: when the site’s import first saw the latest revision.')),
});
export type SeriesPoint = z.output<typeof seriesPointSchema>;

/** A series' observations in a range: the latest figures (revised ones saying so), as first published, or as known on a day. */
export const seriesHistorySchema = named(
  'SeriesHistory',
  z.object({
    series: seriesSummarySchema,
    start: z.nullable(isoDate),
    end: z.nullable(isoDate),
    vintage: about(
      z.enum(SERIES_VINTAGES),
      '`latest`: the figures as EIA last revised them (as known on `asOf` when given); `first`: as first published.',
    ),
    asOf: z.nullable(about(isoDate, 'The day (US Eastern) the figures are as known at its end, or null for now.')),
    observations: z.array(seriesPointSchema),
  }),
);
export type SeriesHistory = z.output<typeof seriesHistorySchema>;

/** One revision EIA made to a figure of a series, as an import saw it. */
export const seriesRevisionSchema = namedObject(
  'SeriesRevision',
  'A figure EIA revised: the new figure, the one it replaced, and when the site saw it.',
  {
    period: isoDate,
    value: about(z.number(), 'The revised figure.'),
    previousValue: about(z.number(), 'The figure it replaced.'),
    revisedAt: about(isoDateTime, 'When the site’s import first saw the revised figure.'),
    importRun: z.nullable(about(z.int(), 'The import run that saw it (the admin’s Market Data tab lists runs).')),
  },
);
export type SeriesRevision = z.output<typeof seriesRevisionSchema>;

/** A report as the server builds it: chart-ready series and the table behind them. */
export const reportSchema = namedObject('Report', 'A report: chart data and the table behind it.', {
  kind: z.enum(REPORT_KINDS),
  title: z.string(),
  subtitle: z.string(),
  /** Said under the chart: indexing, sample data. */
  notes: about(z.array(z.string()), 'Said under the chart: indexing, sample data.'),
  /** Where the figures come from and how recent they are: "Source: U.S. EIA, series …, as of …" or "Sample data …". */
  source: z.string(),
  /** The stored market series the report draws, each with its page (`/markets/{slug}`); none for generation reports. */
  series: z.optional(
    about(z.array(z.object({ slug: z.string(), name: z.string() })), 'The stored series it draws (their pages are /markets/{slug}).'),
  ),
  chart: z.object({
    type: z.enum([...CHART_TYPES, 'donut']),
    /** datetime: points are [epoch ms, value]; category: values follow `categories`. */
    xType: about(z.enum(['datetime', 'category']), 'datetime: points are [epoch ms, value]; category: values follow `categories`.'),
    categories: z.optional(z.array(z.string())),
    series: z.array(z.object({ name: z.string(), data: z.array(z.union([z.number(), z.tuple([z.number(), z.nullable(z.number())])])) })),
    /** The value axis' title, with its unit: "WTI Crude Oil ($/bbl)", "Generation (GWh)". */
    yTitle: about(z.string(), 'The value axis’ title, with its unit.'),
    horizontal: z.optional(z.boolean()),
    /** Decimals of every value label and tooltip of the chart. */
    decimals: z.int(),
    /** Said after each value, e.g. "%" for shares. */
    valueSuffix: z.optional(z.string()),
  }),
  /** The figures behind the chart; `decimals` per column (null for text), so a column reads alike. */
  table: z.object({
    columns: z.array(z.string()),
    rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
    decimals: about(z.array(z.nullable(z.int())), 'Per column; null for text.'),
  }),
  /** The CSV download's file name. */
  filename: z.string(),
});
export type Report = z.output<typeof reportSchema>;

/** The admin's view of the stored market data and the EIA import (`GET /api/admin/market-data`). */
const marketDataStatusFields = z.object({
  eiaKeySet: z.boolean(),
  keyHelp: z.string(),
  series: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      frequency: z.string(),
      fromEia: z.boolean(),
      latest: z.nullable(z.string()),
      observations: z.int(),
    }),
  ),
  generation: z.object({ fromEia: z.boolean(), latest: z.nullable(z.string()), rows: z.int() }),
  runs: z.array(
    z.object({
      id: recordId,
      startedAt: isoDateTime,
      finishedAt: z.nullable(isoDateTime),
      status: z.string(),
      trigger: z.enum(['manual', 'scheduled']),
      rows: z.int(),
      message: z.string(),
    }),
  ),
  /** The scheduled import (`EIA_SCHEDULE`): its daily US Eastern times (none when off or without a key) and its job's state. */
  schedule: about(
    z.object({
      times: z.array(z.string()),
      nextRunAt: z.nullable(isoDateTime),
      /** Failed tries of the current run; the next one is a retry when above 0. */
      attempts: about(z.int(), 'Failed tries of the current run; the next one is a retry when above 0.'),
      lastStatus: z.nullable(z.enum(['succeeded', 'partial', 'failed'])),
      lastFinishedAt: z.nullable(isoDateTime),
      lastMessage: z.string(),
    }),
    'The scheduled import (`EIA_SCHEDULE`): its daily US Eastern times (none when off or without a key) and its job’s state.',
  ),
});
export const marketDataStatusSchema = named(
  'MarketDataStatus',
  marketDataStatusFields,
  'The stored market data and the EIA import, as the admin’s Market Data tab shows them.',
);
export type MarketDataStatus = z.output<typeof marketDataStatusSchema>;

/** The state after the admin's Refresh, and what the import changed. */
export const marketDataRefreshSchema = named(
  'MarketDataRefresh',
  z.extend(marketDataStatusFields, { message: about(z.string(), 'What the import changed.') }),
  'The market data after an import from EIA, and what it changed.',
);

// The newsroom's annotations of market series.

/** A story an annotation links, as readers may follow it. */
const linkedStorySchema = z.object({
  title: z.string(),
  url: about(z.string(), 'The story’s address on this site (`/article/{slug}`).'),
});

/** An annotation as readers see it (the data API, the series page, the chart). */
export const seriesAnnotationSchema = namedObject(
  'SeriesAnnotation',
  'The newsroom’s mark on a series: a day or a span of days with a short label.',
  {
    id: recordId,
    from: about(isoDate, 'The day it marks, or the first day of its span.'),
    to: z.nullable(about(isoDate, 'The last day of its span; null for a single day.')),
    label: about(z.string(), 'A short line, shown beside the chart.'),
    story: z.nullable(about(linkedStorySchema, 'The published story it links; null when none (or not published).')),
  },
);
export type SeriesAnnotation = z.output<typeof seriesAnnotationSchema>;

/** An annotation as the admin lists it: its series, its link as stored, and who added it when. */
export const adminSeriesAnnotationSchema = namedObject('AdminSeriesAnnotation', 'An annotation as the editors list it.', {
  id: recordId,
  series: about(z.string(), 'The series’ slug.'),
  seriesName: z.string(),
  from: isoDate,
  to: z.nullable(isoDate),
  label: z.string(),
  /** The linked story, whatever its status (an editor may link a draft that is published later). */
  story: z.nullable(
    about(
      z.object({ id: recordId, slug: z.string(), title: z.string(), published: z.boolean() }),
      'The linked story, whatever its status; readers see the link once it is published.',
    ),
  ),
  createdBy: z.nullable(about(z.string(), 'The editor who added it; null when the account is gone.')),
  updatedAt: isoDateTime,
});
export type AdminSeriesAnnotation = z.output<typeof adminSeriesAnnotationSchema>;

export const adminSeriesAnnotationPageSchema = adminPageOf(adminSeriesAnnotationSchema);

/** A series a story annotates, as the story's page lists it. */
export interface AnnotatedSeries {
  slug: string;
  name: string;
  from: string;
  to: string | null;
  label: string;
}

// The editor's data catalog (GET /api/admin/catalog, /api/admin/catalog/figure).
/** A series' figure an editor may cite: its period and value, and how the story will show it. */
export const catalogFigureSchema = namedObject('CatalogFigure', 'A figure of a market series, as a story cites it.', {
  series: z.string(),
  period: about(isoDate, 'The figure’s period (a month names its first day).'),
  value: about(z.number(), 'The figure as stored now (EIA’s latest revision of it).'),
  text: about(z.string(), 'The figure as a story shows it: "$78.31/bbl (WTI Crude Oil, EIA RWTC, Nov 25, 2026)".'),
});
export type CatalogFigure = z.output<typeof catalogFigureSchema>;

/** One entry of the data catalog, with a market series' latest figure. */
export const catalogEntrySchema = namedObject('CatalogEntry', 'A series, grid region, state or report view an editor may cite.', {
  kind: about(z.enum(CHART_KINDS), 'Its chart kind, as the chart addresses name it.'),
  key: about(z.string(), 'Its key: the series slug, region code, state code or report kind.'),
  name: z.string(),
  detail: about(z.string(), 'What it is, in a line.'),
  figure: about(z.boolean(), 'A figure of it may be cited (market series).'),
  latest: z.nullable(catalogFigureSchema),
});
export type CatalogItem = z.output<typeof catalogEntrySchema>;
