import * as z from '@/lib/validation/zod-mini';
import { RELEASE_RULES, type ReleaseKind } from '@/lib/release-calendar';
import { CALENDAR_EVENT_KINDS } from '@/lib/validation/calendar-event';

/** Every kind of calendar entry a reader can filter by: EIA's releases, then the editors' event kinds. */
export const CALENDAR_FILTER_KINDS = [...(Object.keys(RELEASE_RULES) as ReleaseKind[]), ...CALENDAR_EVENT_KINDS] as const;
export type CalendarFilterKind = (typeof CALENDAR_FILTER_KINDS)[number];

/** The /calendar page's URL state (`?kind=wpsr`); anything else shows every kind. */
export const calendarPageQuerySchema = z.object({
  kind: z._default(z.catch(z.union([z.literal('all'), z.enum(CALENDAR_FILTER_KINDS)]), 'all'), 'all'),
});
