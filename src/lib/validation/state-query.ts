import * as z from '@/lib/validation/zod-mini';
import { RETAIL_SECTOR_SLUGS } from '@db/catalog/states';
import { chartTheme } from '@/lib/validation/chart-theme';
import { asOfWithLatest, dataFormat, startNotAfterEnd, vintageFields } from '@/lib/validation/series-query';

/** A month, `YYYY-MM`. */
const month = (label: string) => z.optional(z.string().check(z.regex(/^\d{4}-(?:0[1-9]|1[0-2])$/, `${label} must be a month written YYYY-MM`)));

/** GET /api/states/{code}: a range of months (inclusive), the answer's format, and which figures (`vintage`, `asOf`). */
export const stateHistoryQuerySchema = z
  .object({ start: month('start'), end: month('end'), format: dataFormat, ...vintageFields })
  .check(startNotAfterEnd, asOfWithLatest);
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

/** The charts of a state's page, as an embed names them (`/embed/states/{code}?chart=`): the price history unless another is chosen. */
export const STATE_CHARTS = ['price', 'generation'] as const;
export const stateChartParam = z._default(z.enum(STATE_CHARTS), 'price');

/** /charts/states/{code}.{svg,png,csv,json}: a state's chart as its embed names it (`chart`, the price history's `sector`) and the picture's `theme`, strictly. */
export const stateChartFileQuerySchema = z.object({
  chart: z._default(z.enum(STATE_CHARTS, `chart must be one of ${STATE_CHARTS.join(', ')}`), 'price'),
  sector: z._default(z.enum(RETAIL_SECTOR_SLUGS, `sector must be one of ${RETAIL_SECTOR_SLUGS.join(', ')}`), 'residential'),
  theme: chartTheme,
});
