import * as z from '@/lib/validation/zod-mini';
import { RETAIL_SECTOR_SLUGS } from '@db/catalog/states';
import { asOfWithLatest, vintageFields } from '@/lib/validation/series-query';

const format = z._default(z.enum(['json', 'csv'], 'format must be json or csv'), 'json');

/** An hour in UTC, `YYYY-MM-DDTHH` (the hour ending then), or a day `YYYY-MM-DD` (its midnight, UTC). */
const utcHour = (label: string) =>
  z.optional(
    z.pipe(
      z.string().check(
        z.regex(/^\d{4}-\d{2}-\d{2}(?:T\d{2}(?::00(?::00)?)?Z?)?$/, `${label} must be a day YYYY-MM-DD or an hour YYYY-MM-DDTHH (UTC)`),
        z.refine((v) => {
          const d = new Date(`${v.slice(0, 13).length === 10 ? `${v}T00` : v.slice(0, 13)}:00:00Z`);
          return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v.slice(0, 10);
        }, `${label} is not a calendar date`),
      ),
      z.transform((v) => new Date(`${v.length === 10 ? `${v}T00` : v.slice(0, 13)}:00:00Z`)),
    ),
  );

/** GET /api/grid/{region}: a range of hours (UTC, inclusive), the answer's format, and which figures (`vintage`, `asOf`). */
export const gridQuerySchema = z.object({ start: utcHour('start'), end: utcHour('end'), format, ...vintageFields }).check(
  z.refine((q) => !q.start || !q.end || q.start <= q.end, { message: 'start must not be after end', path: ['start'] }),
  asOfWithLatest,
);
export type GridQuery = z.output<typeof gridQuerySchema>;

/** A month, `YYYY-MM`. */
const month = (label: string) => z.optional(z.string().check(z.regex(/^\d{4}-(?:0[1-9]|1[0-2])$/, `${label} must be a month written YYYY-MM`)));

/** GET /api/states/{code}: a range of months (inclusive), the answer's format, and which figures (`vintage`, `asOf`). */
export const stateHistoryQuerySchema = z.object({ start: month('start'), end: month('end'), format, ...vintageFields }).check(
  z.refine((q) => !q.start || !q.end || q.start <= q.end, { message: 'start must not be after end', path: ['start'] }),
  asOfWithLatest,
);
export type StateHistoryQuery = z.output<typeof stateHistoryQuerySchema>;

/** The retail sector a page shows, by its slug in any case; residential unless another is chosen. */
export const sectorParam = z.catch(z._default(z.pipe(z.string().check(z.toLowerCase()), z.enum(RETAIL_SECTOR_SLUGS)), 'residential'), 'residential');

/** How /states sorts its table: by name, price or change over a year, either way. Anything else is the default. */
export const STATE_SORTS = ['name', 'price', 'change'] as const;
export const statesPageQuerySchema = z.object({
  sector: sectorParam,
  sort: z.catch(z._default(z.enum(STATE_SORTS), 'name'), 'name'),
  dir: z.catch(z._default(z.enum(['asc', 'desc']), 'asc'), 'asc'),
});
export type StatesPageQuery = z.output<typeof statesPageQuerySchema>;

/** The charts of a grid page, as an embed names them (`/embed/grid/{region}?chart=`): demand unless another is chosen. */
export const GRID_CHARTS = ['demand', 'generation', 'interchange'] as const;
export const gridChartParam = z._default(z.enum(GRID_CHARTS), 'demand');

/** The charts of a state's page, as an embed names them (`/embed/states/{code}?chart=`): the price history unless another is chosen. */
export const STATE_CHARTS = ['price', 'generation'] as const;
export const stateChartParam = z._default(z.enum(STATE_CHARTS), 'price');

/** The theme of a chart file's picture: light unless asked. */
const chartTheme = z._default(z.enum(['light', 'dark'], 'theme must be light or dark'), 'light');

/**
 * /charts/grid/{region}.{svg,png,csv,json}: a region's chart of the week as its embed names it
 * (`chart`) and the picture's `theme`, strictly (a value that names no chart is a 400 saying so).
 */
export const gridChartFileQuerySchema = z.object({
  chart: z._default(z.enum(GRID_CHARTS, `chart must be one of ${GRID_CHARTS.join(', ')}`), 'demand'),
  theme: chartTheme,
});

/** /charts/states/{code}.{svg,png,csv,json}: a state's chart as its embed names it (`chart`, the price history's `sector`) and the picture's `theme`, strictly. */
export const stateChartFileQuerySchema = z.object({
  chart: z._default(z.enum(STATE_CHARTS, `chart must be one of ${STATE_CHARTS.join(', ')}`), 'price'),
  sector: z._default(z.enum(RETAIL_SECTOR_SLUGS, `sector must be one of ${RETAIL_SECTOR_SLUGS.join(', ')}`), 'residential'),
  theme: chartTheme,
});

/** The theme alone, beside a report's own settings (`reportQuerySchemas`): /charts/reports/{kind}. */
export const chartThemeQuerySchema = z.object({ theme: chartTheme });
