import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CALENDAR_EVENT_KINDS } from '../constants.ts';

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
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (table) => [index('calendar_events_starts_idx').on(table.startsAt)],
);
