import * as z from '@/lib/validation/zod-mini';
import { wholeNumber } from '@/lib/validation/page-query';
import { RELEASE_RULES, type ReleaseKind } from '@/lib/release-calendar';
import { CALENDAR_EVENT_KINDS } from '@/lib/validation/calendar-event';

/** Every kind of calendar entry a reader can filter by: EIA's releases, then the editors' event kinds. */
export const CALENDAR_FILTER_KINDS = [...(Object.keys(RELEASE_RULES) as ReleaseKind[]), ...CALENDAR_EVENT_KINDS] as const;
export type CalendarFilterKind = (typeof CALENDAR_FILTER_KINDS)[number];

/** Weeks of coming releases one page of /calendar shows, and how many such pages there are. */
export const CALENDAR_PAGE_WEEKS = 4;
export const CALENDAR_PAGES = 2;

/** The /calendar page's URL state (`?kind=wpsr&page=2`); anything else shows every kind, from this week. */
export const calendarPageQuerySchema = z.object({
  kind: z._default(z.catch(z.union([z.literal('all'), z.enum(CALENDAR_FILTER_KINDS)]), 'all'), 'all'),
  /** 1: the coming four weeks and the four past; 2: the four weeks after those. */
  page: z._default(z.catch(wholeNumber(1, CALENDAR_PAGES), 1), 1),
});
