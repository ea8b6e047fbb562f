import { RELEASE_KINDS } from '@db/catalog/releases';
import * as z from '@/lib/validation/zod-mini';
import { optionalLocalDateTime } from '@/lib/validation/calendar-event';
import { optionalLine } from '@/lib/validation/text';
import { wholeNumber } from '@/lib/validation/page-query';

/** A computed release's id: its kind and the day its rule gives (`wpsr-2026-11-25`). */
export const RELEASE_ID_PATTERN = new RegExp(`^(?:${RELEASE_KINDS.join('|')})-\\d{4}-\\d{2}-\\d{2}$`);

/** How far from the rule's day a release may be moved, either way. */
export const RELEASE_CHANGE_MAX_DAYS = 30;

/**
 * EIA's change to one of its releases, from the admin's form and
 * `PUT /api/admin/release-changes/{releaseId}`: a new US Eastern time (`YYYY-MM-DDTHH:MM`),
 * or empty for "postponed, new date to come", and what EIA said.
 */
export const releaseChangeSchema = z.object({
  /** The new time, US Eastern; empty while EIA has given none. */
  startsAt: optionalLocalDateTime('2026-11-26T11:00'),
  /** EIA's reason, shown to readers; may be empty. */
  note: optionalLine('Note', 300, 'The note must be at most 300 characters'),
});
export type ReleaseChangeInput = z.output<typeof releaseChangeSchema>;

/** `GET /api/admin/release-changes?page=`: which page of 50. */
export const releaseChangeListQuerySchema = z.object({
  page: z._default(wholeNumber(1, 100_000), 1),
});
