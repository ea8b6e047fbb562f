import * as z from '@/lib/validation/zod-mini';
import { SERIES_RANGES } from '@/lib/series-stats';
import { wholeNumber } from '@/lib/validation/page-query';
import { chartTheme } from '@/lib/validation/chart-theme';

/** A calendar date written YYYY-MM-DD (a month, YYYY-MM, reads as its first day). */
const isoDate = (label: string) =>
  z.optional(
    z.pipe(
      z.string().check(
        z.regex(/^\d{4}-\d{2}(?:-\d{2})?$/, `${label} must be a date written YYYY-MM-DD`),
        z.refine((v) => {
          const day = v.length === 7 ? `${v}-01` : v;
          const d = new Date(`${day}T00:00:00Z`);
          return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
        }, `${label} is not a calendar date`),
      ),
      z.transform((v) => (v.length === 7 ? `${v}-01` : v)),
    ),
  );

/** A calendar day written YYYY-MM-DD, and only a day. */
const calendarDay = (label: string) =>
  z.optional(
    z.string().check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date written YYYY-MM-DD`),
      z.refine((v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
      }, `${label} is not a calendar date`),
    ),
  );

/** Which figures a history answers: the current ones (EIA's latest revision), or each as EIA first published it. */
export const SERIES_VINTAGES = ['latest', 'first'] as const;

/** Which figures a data API answers (the series, a state's, a grid region's): `vintage` and `asOf`. */
export const vintageFields = {
  vintage: z._default(z.enum(SERIES_VINTAGES, 'vintage must be latest or first'), 'latest'),
  asOf: calendarDay('asOf'),
};

/** `asOf` reads the latest figures known on a day: not with `vintage=first`. */
export const asOfWithLatest = z.refine<{ vintage: string; asOf?: string | undefined }>((q) => !q.asOf || q.vintage === 'latest', {
  message: 'asOf reads the figures known on a day; leave out vintage=first',
  path: ['asOf'],
});

/** The format of a data API's answer (the series, a state's, a grid region's): JSON unless CSV is asked for. */
export const dataFormat = z._default(z.enum(['json', 'csv'], 'format must be json or csv'), 'json');

/** A data API's range, from `start` to `end`: `start` not after `end`. */
export const startNotAfterEnd = z.refine<{ start?: string | Date | undefined; end?: string | Date | undefined }>(
  (q) => !q.start || !q.end || q.start <= q.end,
  { message: 'start must not be after end', path: ['start'] },
);

/**
 * GET /api/series/{slug}: an optional date range, the answer's format, and which figures: the
 * latest (default), as first published (`vintage=first`), or as known at the end of a day
 * (`asOf`, US Eastern; not with `vintage=first`).
 */
export const seriesQuerySchema = z
  .object({
    start: isoDate('start'),
    end: isoDate('end'),
    format: dataFormat,
    ...vintageFields,
  })
  .check(startNotAfterEnd, asOfWithLatest);
export type SeriesQuery = z.output<typeof seriesQuerySchema>;

/** How a chart's lines are measured: as published, rebased to 100 at the range's first observation, or as the change from a year before. */
export const SERIES_MEASURES = ['level', 'index', 'yoy'] as const;

/**
 * /markets/{slug} and its embed, leniently (a page answers any query): the chart's range in any
 * case (`5Y`, `5y`), one year unless another is chosen; the series compared with it, a comma
 * list (`compare=brent,henry-hub`); the measure; `outlook=hide` to leave out EIA's forecast and
 * the futures strip. Anything unreadable is the default.
 */
export const seriesPageQuerySchema = z.object({
  range: z.catch(z._default(z.pipe(z.string().check(z.toLowerCase()), z.enum(SERIES_RANGES)), '1y'), '1y'),
  compare: z.catch(
    z._default(
      z.pipe(
        z.string().check(z.toLowerCase()),
        z.transform((v) => v.split(',').map((s) => s.trim())),
      ),
      [],
    ),
    [],
  ),
  measure: z.catch(z._default(z.enum(SERIES_MEASURES), 'level'), 'level'),
  outlook: z.catch(z._default(z.enum(['show', 'hide']), 'show'), 'show'),
});

/** GET /api/series: a page of the series list. */
export const seriesListQuerySchema = z.object({
  limit: z._default(wholeNumber(1, 100), 100),
  offset: z._default(wholeNumber(0, 10_000), 0),
});

/**
 * Where a page of revisions starts: the `cursor` a page's `Link: rel="next"` names, the period
 * and the instant (milliseconds) of the last revision of the page before, written
 * `<period>@<milliseconds>`. Clients take it as it comes.
 */
export const REVISION_CURSOR = /^(\d{4}-\d{2}(?:-\d{2}(?:T\d{2})?)?)@(\d{1,15})$/;

/** A revisions cursor's parts. */
export function parseRevisionCursor(cursor: string): { period: string; seenAt: number } | undefined {
  const match = REVISION_CURSOR.exec(cursor);
  return match ? { period: match[1] ?? '', seenAt: Number(match[2]) } : undefined;
}

/** The cursor of the page after one whose last revision is this. */
export function revisionCursorOf(last: { period: string; seenAt: number }): string {
  return `${last.period}@${last.seenAt}`;
}

/**
 * GET /api/series/{slug}/revisions: a page of a series' revisions, from the start or after a
 * `cursor`. Pages are keyset pages: `offset` is refused (a client following the `next` link
 * never needs it).
 */
export const seriesRevisionsQuerySchema = z
  .object({
    limit: z._default(wholeNumber(1, 1000), 100),
    cursor: z.optional(
      z.pipe(
        z.string().check(z.regex(REVISION_CURSOR, 'cursor must be the one a page’s next link gives')),
        z.transform((v) => parseRevisionCursor(v) ?? { period: '', seenAt: 0 }),
      ),
    ),
    offset: z.optional(z.string()),
  })
  .check(
    z.refine((q) => q.offset === undefined, {
      message: 'offset is not taken: follow the Link header’s next page (its cursor)',
      path: ['offset'],
    }),
  );

/**
 * /charts/markets/{slug}.{svg,png,csv,json}: a series view's chart files take the page's query
 * (`range`, `compare`, `measure`, `outlook`) and the picture's `theme`, strictly: a file is asked
 * for by a program as often as by a reader, so a value that names no view is a 400 saying which,
 * never a silent default. Which series may be compared is checked against the catalog by the service.
 */
export const seriesChartQuerySchema = z.object({
  range: z._default(z.enum(SERIES_RANGES, `range must be one of ${SERIES_RANGES.join(', ')}`), '1y'),
  compare: z._default(
    z.pipe(
      z.string().check(z.regex(/^[a-z0-9-]+(?:,[a-z0-9-]+)*$/, 'compare must be a comma list of series slugs')),
      z.transform((v) => v.split(',')),
    ),
    [],
  ),
  measure: z._default(z.enum(SERIES_MEASURES, `measure must be one of ${SERIES_MEASURES.join(', ')}`), 'level'),
  outlook: z._default(z.enum(['show', 'hide'], 'outlook must be show or hide'), 'show'),
  theme: chartTheme,
});
export type SeriesChartQuery = z.output<typeof seriesChartQuerySchema>;
