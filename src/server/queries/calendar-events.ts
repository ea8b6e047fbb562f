import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import { calendarEvents } from '@db/schema';
import { db, type Executor } from '@/server/db';
import { countRows, deleteWhere } from '@/server/queries/pages';

export type CalendarEventRow = typeof calendarEvents.$inferSelect;
export type CalendarEventValues = Pick<CalendarEventRow, 'title' | 'kind' | 'startsAt' | 'endsAt' | 'location' | 'url'>;

/** Events starting from `from` up to (not including) `to`, in time order; at most `limit` (served by the index on `starts_at`). */
export function listCalendarEventsBetween(from: Date, to: Date, limit = 500, tx: Executor = db): Promise<CalendarEventRow[]> {
  return tx
    .select()
    .from(calendarEvents)
    .where(and(gte(calendarEvents.startsAt, from), lt(calendarEvents.startsAt, to)))
    .orderBy(asc(calendarEvents.startsAt), asc(calendarEvents.id))
    .limit(limit);
}

/** A page of events for the admin, latest start first. */
export function listCalendarEventsPage(offset: number, limit: number, tx: Executor = db): Promise<CalendarEventRow[]> {
  return tx.select().from(calendarEvents).orderBy(desc(calendarEvents.startsAt), desc(calendarEvents.id)).limit(limit).offset(offset);
}

export async function countCalendarEvents(tx: Executor = db): Promise<number> {
  return countRows(tx, calendarEvents);
}

export async function getCalendarEvent(id: number, tx: Executor = db): Promise<CalendarEventRow | undefined> {
  const [row] = await tx.select().from(calendarEvents).where(eq(calendarEvents.id, id));
  return row;
}

export async function createCalendarEvent(values: CalendarEventValues, tx: Executor = db): Promise<CalendarEventRow> {
  const [row] = await tx.insert(calendarEvents).values(values).returning();
  if (!row) throw new Error('The calendar event was not stored.');
  return row;
}

/** Answers the changed row, or undefined when there is no such event. */
export async function updateCalendarEvent(id: number, values: CalendarEventValues, tx: Executor = db): Promise<CalendarEventRow | undefined> {
  const [row] = await tx
    .update(calendarEvents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(calendarEvents.id, id))
    .returning();
  return row;
}

/** Whether an event was deleted. */
export async function deleteCalendarEvent(id: number, tx: Executor = db): Promise<boolean> {
  return deleteWhere(tx, calendarEvents, eq(calendarEvents.id, id));
}
