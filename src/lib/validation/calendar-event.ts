import * as z from '@/lib/validation/zod-mini';
import { CALENDAR_EVENT_KINDS, type CalendarEventKind } from '@db/constants';
import { wholeNumber } from '@/lib/validation/page-query';
import { oneLine, optionalLine } from '@/lib/validation/text';
import { isWebUrl } from '@/lib/validation/zoho';

export { CALENDAR_EVENT_KINDS, type CalendarEventKind };

export const CALENDAR_EVENT_KIND_LABELS: Record<CalendarEventKind, string> = {
  opec: 'OPEC+ meeting',
  ferc: 'FERC open meeting',
  other: 'Other event',
};

/** `YYYY-MM-DDTHH:MM` naming a real day and time (what a `datetime-local` input sends). */
export function isLocalDateTime(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
  return date.getUTCFullYear() === y && date.getUTCMonth() + 1 === m && date.getUTCDate() === d && (y ?? 0) >= 2000 && (y ?? 0) <= 2100;
}

const localDateTime = (required: string) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.refine(isLocalDateTime, 'Enter a date and time, like 2026-12-03T09:00'));

/** An optional US Eastern date and time (`YYYY-MM-DDTHH:MM`): empty when absent; `example` is the one the message shows. */
export function optionalLocalDateTime(example: string) {
  const message = `Enter a date and time, like ${example}`;
  return z._default(
    z.string({ error: message }).check(
      z.trim(),
      z.refine((v) => v === '' || isLocalDateTime(v), message),
    ),
    '',
  );
}

/**
 * An editor's calendar event, from the admin's form and `POST`/`PUT /api/admin/calendar-events`.
 * Times are US Eastern wall clock (`YYYY-MM-DDTHH:MM`), as the form shows them.
 */
export const calendarEventSchema = z
  .object({
    /** What readers see on the calendar. */
    title: z
      .string({ error: 'Title is required' })
      .check(z.trim(), z.minLength(1, 'Title is required'), z.maxLength(200, 'Title must be at most 200 characters'), oneLine('Title')),
    kind: z.enum(CALENDAR_EVENT_KINDS, { error: 'Choose OPEC+ meeting, FERC open meeting or other' }),
    /** When it starts, US Eastern. */
    startsAt: localDateTime('Start is required'),
    /** When it ends, US Eastern; empty for none. */
    endsAt: optionalLocalDateTime('2026-12-03T17:00'),
    /** Where it happens; may be empty. */
    location: optionalLine('Location', 200, 'Location must be at most 200 characters'),
    /** A page about the event (http or https); may be empty. */
    url: z._default(
      z.string({ error: 'Must be a valid URL' }).check(
        z.trim(),
        z.maxLength(500, 'Must be at most 500 characters'),
        z.refine((v) => v === '' || isWebUrl(v), 'Must be a valid URL'),
      ),
      '',
    ),
  })
  .check(z.refine((e) => e.endsAt === '' || e.endsAt > e.startsAt, { message: 'The end must be after the start', path: ['endsAt'] }));

export type CalendarEventInput = z.output<typeof calendarEventSchema>;

/** `GET /api/admin/calendar-events?page=`: which page of 50. */
export const calendarEventListQuerySchema = z.object({
  page: z._default(wholeNumber(1, 100_000), 1),
});
