import * as z from '@/lib/validation/zod-mini';
import { chartTheme } from '@/lib/validation/chart-theme';
import { asOfWithLatest, dataFormat, startNotAfterEnd, vintageFields } from '@/lib/validation/series-query';

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
export const gridQuerySchema = z
  .object({ start: utcHour('start'), end: utcHour('end'), format: dataFormat, ...vintageFields })
  .check(startNotAfterEnd, asOfWithLatest);
export type GridQuery = z.output<typeof gridQuerySchema>;

/** The charts of a grid page, as an embed names them (`/embed/grid/{region}?chart=`): demand unless another is chosen. */
export const GRID_CHARTS = ['demand', 'generation', 'interchange'] as const;
export const gridChartParam = z._default(z.enum(GRID_CHARTS), 'demand');

/**
 * /charts/grid/{region}.{svg,png,csv,json}: a region's chart of the week as its embed names it
 * (`chart`) and the picture's `theme`, strictly (a value that names no chart is a 400 saying so).
 */
export const gridChartFileQuerySchema = z.object({
  chart: z._default(z.enum(GRID_CHARTS, `chart must be one of ${GRID_CHARTS.join(', ')}`), 'demand'),
  theme: chartTheme,
});
