import type { CalendarEventInput, CalendarEventKind } from '@/lib/validation/calendar-event';
import { isEiaSource } from '@/lib/energy';
import { SITE_TIME_ZONE } from '@/lib/format';
import { RELEASE_RULES, releasesBetween, type ReleaseKind, type ReleaseSeries } from '@/lib/release-calendar';
import type { CalendarEventItem } from '@/lib/types';
import { addDays, zonedParts, zonedTime } from '@/lib/zoned-time';
import { NotFoundError, messages } from '@/server/errors';
import {
  countCalendarEvents,
  createCalendarEvent,
  deleteCalendarEvent,
  listCalendarEventsBetween,
  listCalendarEventsPage,
  updateCalendarEvent,
  type CalendarEventRow,
  type CalendarEventValues,
} from '@/server/queries/calendar-events';
import { listObservationsSince, listSeriesBySlugs } from '@/server/queries/market';
import { contentChanged } from '@/server/services/publish';

/** A release's headline figure: the observation of its period in the stored series. */
export interface HeadlineFigure {
  seriesName: string;
  slug: string;
  value: number;
  unit: string;
  decimals: number;
  period: string;
  frequency: 'daily' | 'weekly' | 'monthly';
  /** Change from the observation before, when there is one. */
  change?: number;
  /** The EIA route it comes from. */
  source: string;
}

/** One line of the calendar: an EIA release computed from its rule, or an editor's event. */
export interface CalendarEntry {
  /** Stable across renders and feeds: `wpsr-2026-11-25`, `event-12`. */
  id: string;
  type: 'release' | 'event';
  kind: ReleaseKind | CalendarEventKind;
  title: string;
  startsAt: Date;
  endsAt?: Date;
  /** US Eastern day and `HH:MM`. */
  day: string;
  time: string;
  /** The holiday that moved a release. */
  movedFor?: string;
  /** EIA's page of the release, or the event's link; may be empty. */
  url: string;
  location: string;
  /** The stored series a release updates (`/markets/{slug}`). */
  series: readonly ReleaseSeries[];
  /** Upcoming; published with its headline figure; or past without a figure stored yet. */
  status: 'upcoming' | 'published' | 'released';
  figure?: HeadlineFigure;
}

/** The US Eastern day of an instant. */
export function easternDay(instant: Date): string {
  return zonedParts(instant, SITE_TIME_ZONE).day;
}

/** The headline observations for the releases, by `${slug}|${period}`, with the change from the one before. */
async function headlineFigures(kinds: readonly ReleaseKind[], fromPeriod: string): Promise<Map<string, HeadlineFigure>> {
  const slugs = [...new Set(kinds.map((k) => RELEASE_RULES[k].headline).filter((s): s is string => Boolean(s)))];
  const out = new Map<string, HeadlineFigure>();
  // The series may not exist yet (added by a later import): then no figure.
  // Sample history is no release: only series an import has filled count.
  const series = (slugs.length > 0 ? await listSeriesBySlugs(slugs) : []).filter((s) => isEiaSource(s.source));
  if (series.length === 0) return out;
  const byId = new Map(series.map((s) => [s.id, s]));
  const observations = await listObservationsSince([...byId.keys()], fromPeriod);
  const previous = new Map<number, number>();
  for (const o of observations) {
    const s = byId.get(o.seriesId);
    if (!s) continue;
    const before = previous.get(o.seriesId);
    const figure: HeadlineFigure = {
      seriesName: s.name,
      slug: s.slug,
      value: o.value,
      unit: s.unit,
      decimals: s.decimals,
      period: o.period,
      frequency: s.frequency,
      source: s.source,
    };
    if (before !== undefined) figure.change = o.value - before;
    out.set(`${s.slug}|${o.period}`, figure);
    previous.set(o.seriesId, o.value);
  }
  return out;
}

function eventEntry(row: CalendarEventRow, now: Date): CalendarEntry {
  const { day, time } = zonedParts(row.startsAt, SITE_TIME_ZONE);
  const entry: CalendarEntry = {
    id: `event-${row.id}`,
    type: 'event',
    kind: row.kind,
    title: row.title,
    startsAt: row.startsAt,
    day,
    time,
    url: row.url,
    location: row.location,
    series: [],
    status: row.startsAt.getTime() > now.getTime() ? 'upcoming' : 'released',
  };
  if (row.endsAt) entry.endsAt = row.endsAt;
  return entry;
}

/**
 * The calendar from US Eastern day `from` to `to` (both included): EIA's releases from
 * their rules and the editors' events, in time order. A release that is out shows as
 * published with its headline figure once an import has stored the observation of its
 * period. Bounded by the window (releases are computed; events come through the index).
 */
export async function getCalendar(from: string, to: string, now: Date = new Date()): Promise<CalendarEntry[]> {
  const releases = releasesBetween(from, to);
  const fromPeriod = addDays(from, -120);
  const [figures, events] = await Promise.all([
    headlineFigures(
      releases.map((r) => r.kind),
      fromPeriod,
    ),
    listCalendarEventsBetween(zonedTime(from, '00:00', SITE_TIME_ZONE), zonedTime(addDays(to, 1), '00:00', SITE_TIME_ZONE)),
  ]);
  const entries: CalendarEntry[] = releases.map((r) => {
    const rule = RELEASE_RULES[r.kind];
    const out = r.startsAt.getTime() <= now.getTime();
    const figure = out && rule.headline && r.period ? figures.get(`${rule.headline}|${r.period}`) : undefined;
    const entry: CalendarEntry = {
      id: r.id,
      type: 'release',
      kind: r.kind,
      title: r.title,
      startsAt: r.startsAt,
      day: r.day,
      time: r.time,
      url: rule.url,
      location: '',
      series: rule.series,
      status: !out ? 'upcoming' : figure ? 'published' : 'released',
    };
    if (r.movedFor) entry.movedFor = r.movedFor;
    if (figure) entry.figure = figure;
    return entry;
  });
  entries.push(...events.map((e) => eventEntry(e, now)));
  return entries.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.title.localeCompare(b.title));
}

/** `YYYY-MM-DDTHH:MM` in US Eastern, as the admin's form shows a time. */
function easternLocal(instant: Date): string {
  const { day, time } = zonedParts(instant, SITE_TIME_ZONE);
  return `${day}T${time}`;
}

function toItem(row: CalendarEventRow): CalendarEventItem {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    startsAt: easternLocal(row.startsAt),
    endsAt: row.endsAt ? easternLocal(row.endsAt) : '',
    location: row.location,
    url: row.url,
  };
}

function toValues(input: CalendarEventInput): CalendarEventValues {
  const [startDay = '', startTime = ''] = input.startsAt.split('T');
  const [endDay = '', endTime = ''] = input.endsAt.split('T');
  return {
    title: input.title,
    kind: input.kind,
    startsAt: zonedTime(startDay, startTime, SITE_TIME_ZONE),
    endsAt: input.endsAt ? zonedTime(endDay, endTime, SITE_TIME_ZONE) : null,
    location: input.location,
    url: input.url,
  };
}

export const CALENDAR_EVENTS_PAGE_SIZE = 50;

/** The admin's list: a page of 50 events, latest start first. */
export async function listCalendarEventsForAdmin(
  page: number,
): Promise<{ items: CalendarEventItem[]; total: number; page: number; pageSize: number }> {
  const [rows, total] = await Promise.all([
    listCalendarEventsPage((page - 1) * CALENDAR_EVENTS_PAGE_SIZE, CALENDAR_EVENTS_PAGE_SIZE),
    countCalendarEvents(),
  ]);
  return { items: rows.map(toItem), total, page, pageSize: CALENDAR_EVENTS_PAGE_SIZE };
}

/** Adds an editor's event; the calendar pages render afresh. */
export async function addCalendarEvent(input: CalendarEventInput): Promise<CalendarEventItem> {
  const row = await createCalendarEvent(toValues(input));
  await contentChanged({ entity: 'calendar-event', id: row.id, action: 'created' });
  return toItem(row);
}

/** Replaces an event's fields; 404 when there is no such event. */
export async function changeCalendarEvent(id: number, input: CalendarEventInput): Promise<CalendarEventItem> {
  const row = await updateCalendarEvent(id, toValues(input));
  if (!row) throw new NotFoundError(messages.calendarEventNotFound);
  await contentChanged({ entity: 'calendar-event', id, action: 'updated' });
  return toItem(row);
}

/** Deletes an event; 404 when there is no such event. */
export async function removeCalendarEvent(id: number): Promise<void> {
  if (!(await deleteCalendarEvent(id))) throw new NotFoundError(messages.calendarEventNotFound);
  await contentChanged({ entity: 'calendar-event', id, action: 'deleted' });
}
