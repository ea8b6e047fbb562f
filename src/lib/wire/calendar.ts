// What the API answers about the editors' calendar events and EIA's changes to its releases.
// Times are US Eastern wall clock, `YYYY-MM-DDTHH:MM`, as the admin's forms show them.
import * as z from '@/lib/validation/zod-mini';
import { CALENDAR_EVENT_KINDS } from '@db/constants';
import { about, recordId, namedObject } from '@/lib/wire/common';

const easternTime = about(z.string(), 'US Eastern, `YYYY-MM-DDTHH:MM`.');

/** An editor's calendar event as the admin sees it. */
export const calendarEventItemSchema = namedObject('CalendarEvent', 'An editors’ event on the release calendar.', {
  id: recordId,
  title: z.string(),
  kind: z.enum(CALENDAR_EVENT_KINDS),
  startsAt: easternTime,
  /** Empty when it has no end. */
  endsAt: about(z.string(), 'US Eastern, `YYYY-MM-DDTHH:MM`; empty when it has no end.'),
  location: z.string(),
  url: z.string(),
});
export type CalendarEventItem = z.output<typeof calendarEventItemSchema>;

/** EIA's change to one of its computed releases, as the admin's Calendar tab lists it. */
export const releaseChangeItemSchema = namedObject('ReleaseChange', 'EIA’s change to one of its computed releases.', {
  releaseId: about(z.string(), 'The release: its kind and the day its rule gives (`wpsr-2026-11-25`).'),
  title: z.string(),
  /** When the rules put it. */
  scheduledAt: about(z.string(), 'When the rules put it, US Eastern.'),
  /** The new time; empty: postponed, new date to come. */
  startsAt: about(z.string(), 'The new time, US Eastern; empty: postponed, new date to come.'),
  note: about(z.string(), 'What EIA said, shown to readers.'),
});
export type ReleaseChangeItem = z.output<typeof releaseChangeItemSchema>;

/** A release the admin may change: the computed ones from two weeks back to eight ahead. */
export const releaseChoiceSchema = z.object({ releaseId: z.string(), title: z.string(), scheduledAt: easternTime });
export type ReleaseChoice = z.output<typeof releaseChoiceSchema>;
