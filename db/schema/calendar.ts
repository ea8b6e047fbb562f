import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CALENDAR_EVENT_KINDS } from '../constants.ts';
import { createdAndUpdated } from './columns.ts';

/**
 * Events the editors put on the release calendar beside EIA's computed releases (OPEC+
 * meetings, FERC open meetings, …). Read by time window, through the index on `starts_at`.
 */
export const calendarEvents = sqliteTable(
  'calendar_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    kind: text('kind', { enum: CALENDAR_EVENT_KINDS }).notNull(),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    /** Optional end, after the start. */
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }),
    /** Where it happens (a city, "Online"); may be empty. */
    location: text('location').notNull().default(''),
    /** A page about it (https); may be empty. */
    url: text('url').notNull().default(''),
    ...createdAndUpdated(),
  },
  (table) => [index('calendar_events_starts_idx').on(table.startsAt)],
);

/**
 * EIA's own changes to a computed release (a report delayed by an outage, a shutdown, an
 * early release before a holiday), keyed by the release's stable id (`wpsr-2026-11-25`).
 * With `starts_at` the release comes then instead; without it, it is postponed with no new
 * date yet. Few rows; the calendar reads them by primary key for the releases of its window,
 * the admin's list pages through the index on `scheduled_at`.
 */
export const releaseChanges = sqliteTable(
  'release_changes',
  {
    releaseId: text('release_id').primaryKey(),
    /** When the rules put it, kept for the admin's list and the "moved from" line. */
    scheduledAt: integer('scheduled_at', { mode: 'timestamp_ms' }).notNull(),
    /** The new time; null: postponed, new date to come. */
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }),
    /** What EIA said, for readers ("delayed by a systems outage"); may be empty. */
    note: text('note').notNull().default(''),
    /** The iCalendar SEQUENCE: 1, then one more at every change, so subscribed calendars take the new time. */
    sequence: integer('sequence').notNull().default(1),
    ...createdAndUpdated(),
  },
  (table) => [index('release_changes_scheduled_idx').on(table.scheduledAt)],
);
