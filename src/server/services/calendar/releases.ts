import type { HeadlineLike } from '@/lib/calendar-format';
import type { CalendarEventInput, CalendarEventKind } from '@/lib/validation/calendar-event';
import { isEiaSource } from '@/lib/energy';
import { SITE_TIME_ZONE } from '@/lib/format';
import { RELEASE_RULES, daysBetween, releasesBetween, type Release, type ReleaseKind, type ReleaseSeries } from '@/lib/release-calendar';
import type { CalendarEventItem, ReleaseChangeItem, ReleaseChoice } from '@/lib/wire/calendar';
import { RELEASE_CHANGE_MAX_DAYS, RELEASE_ID_PATTERN, type ReleaseChangeInput } from '@/lib/validation/release-change';
import { addDays, zonedParts, zonedTime } from '@/lib/zoned-time';
import { BadRequestError, NotFoundError, messages } from '@/server/errors';
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
import {
  countReleaseChanges,
  deleteReleaseChange,
  listReleaseChangesFor,
  listReleaseChangesPage,
  upsertReleaseChange,
  type ReleaseChangeRow,
} from '@/server/queries/release-changes';
import { contentChanged } from '@/server/content-changes';
import { showsHeadlines, showsTags, validUntil } from '@/server/cache/render-scope';
import { listReleaseBriefsFor } from '@/server/queries/release-briefs';
import { tag } from '@/server/cache/tags';

/** A release's headline figure: the observation of its period in the stored series. */
export interface HeadlineFigure extends HeadlineLike {
  slug: string;
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
  /** Upcoming; published with its headline figure; past without a figure stored yet; or postponed by EIA with no new date. */
  status: 'upcoming' | 'published' | 'released' | 'postponed';
  figure?: HeadlineFigure;
  /** The newsroom's brief of the release (the release desk's draft, once an editor published it). */
  brief?: { title: string; url: string };
  /** EIA moved the release from its rule's time (`startsAt` is the new time), or postponed it (`startsAt` stays at the rule's time). */
  change?: {
    postponed: boolean;
    /** The rule's day and time, US Eastern. */
    scheduledDay: string;
    scheduledTime: string;
    /** EIA's reason; may be empty. */
    note: string;
    /** The iCalendar SEQUENCE of the release. */
    sequence: number;
  };
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
  // A page showing it changes with the editors' changes, when its next release comes out, and when the day turns.
  showsTags(tag.calendar, tag.market);
  validUntil(zonedTime(addDays(easternDay(now), 1), '00:00', SITE_TIME_ZONE));
  // EIA may move a release by up to RELEASE_CHANGE_MAX_DAYS: into the window, or out of it.
  const candidates = releasesBetween(addDays(from, -RELEASE_CHANGE_MAX_DAYS), addDays(to, RELEASE_CHANGE_MAX_DAYS));
  const changes = new Map((await listReleaseChangesFor(candidates.map((r) => r.id))).map((c) => [c.releaseId, c]));
  const releases = candidates.map((r) => withChange(r, changes.get(r.id))).filter((r) => r.day >= from && r.day <= to);
  const fromPeriod = addDays(from, -120);
  const [figures, events, briefRows] = await Promise.all([
    headlineFigures(
      releases.map((r) => r.kind),
      fromPeriod,
    ),
    listCalendarEventsBetween(zonedTime(from, '00:00', SITE_TIME_ZONE), zonedTime(addDays(to, 1), '00:00', SITE_TIME_ZONE)),
    listReleaseBriefsFor(
      releases.map((r) => r.id),
      now,
    ),
  ]);
  // A brief shows once published: its publication (its headline's tag) renders the calendar again.
  showsHeadlines(briefRows.map((b) => ({ id: b.articleId })));
  const briefs = new Map(briefRows.filter((b) => b.public).map((b) => [b.releaseId, { title: b.title, url: `/article/${b.slug}` }]));
  const entries: CalendarEntry[] = releases.map((r) => {
    const rule = RELEASE_RULES[r.kind];
    const out = r.startsAt.getTime() <= now.getTime();
    if (!out) validUntil(r.startsAt);
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
      status: figure ? 'published' : r.change?.postponed ? 'postponed' : !out ? 'upcoming' : 'released',
    };
    if (r.movedFor && !r.change) entry.movedFor = r.movedFor;
    if (figure) entry.figure = figure;
    if (r.change) entry.change = r.change;
    const brief = briefs.get(r.id);
    if (brief) entry.brief = brief;
    return entry;
  });
  entries.push(...events.map((e) => eventEntry(e, now)));
  return entries.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.title.localeCompare(b.title));
}

type ChangedRelease = Release & { change?: NonNullable<CalendarEntry['change']> };

/** A computed release with EIA's change applied: at its new time, or postponed (kept at the rule's time, flagged). */
function withChange(release: Release, change: ReleaseChangeRow | undefined): ChangedRelease {
  if (!change) return release;
  const moved = {
    postponed: change.startsAt === null,
    scheduledDay: release.day,
    scheduledTime: release.time,
    note: change.note,
    sequence: change.sequence,
  };
  if (!change.startsAt) return { ...release, change: moved };
  const { day, time } = zonedParts(change.startsAt, SITE_TIME_ZONE);
  return { ...release, day, time, startsAt: change.startsAt, change: moved };
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
  await contentChanged({ entity: 'calendar-event', id: row.id, action: 'created' }, { kind: 'calendar' });
  return toItem(row);
}

/** Replaces an event's fields; 404 when there is no such event. */
export async function changeCalendarEvent(id: number, input: CalendarEventInput): Promise<CalendarEventItem> {
  const row = await updateCalendarEvent(id, toValues(input));
  if (!row) throw new NotFoundError(messages.calendarEventNotFound);
  await contentChanged({ entity: 'calendar-event', id, action: 'updated' }, { kind: 'calendar' });
  return toItem(row);
}

/** Deletes an event; 404 when there is no such event. */
export async function removeCalendarEvent(id: number): Promise<void> {
  if (!(await deleteCalendarEvent(id))) throw new NotFoundError(messages.calendarEventNotFound);
  await contentChanged({ entity: 'calendar-event', id, action: 'deleted' }, { kind: 'calendar' });
}

/** The computed release of an id (`wpsr-2026-11-25`): its rule's day is in the id, holidays move it a few days at most. */
function findRelease(releaseId: string): Release | undefined {
  if (!RELEASE_ID_PATTERN.test(releaseId)) return undefined;
  const day = releaseId.slice(-10);
  return releasesBetween(addDays(day, -3), addDays(day, 10)).find((r) => r.id === releaseId);
}

function changeItem(row: ReleaseChangeRow): ReleaseChangeItem {
  const kind = row.releaseId.replace(/-\d{4}-\d{2}-\d{2}$/, '') as ReleaseKind;
  return {
    releaseId: row.releaseId,
    title: RELEASE_RULES[kind].title,
    scheduledAt: easternLocal(row.scheduledAt),
    startsAt: row.startsAt ? easternLocal(row.startsAt) : '',
    note: row.note,
  };
}

export const RELEASE_CHANGES_PAGE_SIZE = 50;

/**
 * The admin's list of EIA's changes (50 a page, latest release first), and the releases
 * that may be changed: the computed ones from two weeks back to eight weeks ahead.
 */
export async function listReleaseChangesForAdmin(
  page: number,
  now: Date = new Date(),
): Promise<{ items: ReleaseChangeItem[]; total: number; page: number; pageSize: number; releases: ReleaseChoice[] }> {
  const [rows, total] = await Promise.all([
    listReleaseChangesPage((page - 1) * RELEASE_CHANGES_PAGE_SIZE, RELEASE_CHANGES_PAGE_SIZE),
    countReleaseChanges(),
  ]);
  const today = easternDay(now);
  const releases = releasesBetween(addDays(today, -14), addDays(today, 56)).map((r) => ({
    releaseId: r.id,
    title: r.title,
    scheduledAt: `${r.day}T${r.time}`,
  }));
  return { items: rows.map(changeItem), total, page, pageSize: RELEASE_CHANGES_PAGE_SIZE, releases };
}

/**
 * Records EIA's change to a release: a new US Eastern time (at most RELEASE_CHANGE_MAX_DAYS
 * from the rule's day) or, without one, postponed with no new date. Saving again replaces
 * it. 404 for a release the rules do not give.
 */
export async function changeRelease(releaseId: string, input: ReleaseChangeInput): Promise<ReleaseChangeItem> {
  const release = findRelease(releaseId);
  if (!release) throw new NotFoundError(messages.releaseNotFound);
  let startsAt: Date | null = null;
  if (input.startsAt) {
    const [day = '', time = ''] = input.startsAt.split('T');
    if (Math.abs(daysBetween(release.day, day)) > RELEASE_CHANGE_MAX_DAYS)
      throw new BadRequestError(messages.invalidInput, { startsAt: [messages.releaseChangeTooFar(RELEASE_CHANGE_MAX_DAYS)] });
    startsAt = zonedTime(day, time, SITE_TIME_ZONE);
  }
  const row = await upsertReleaseChange({ releaseId, scheduledAt: release.startsAt, startsAt, note: input.note });
  await contentChanged({ entity: 'release-change', id: 0, action: 'updated' }, { kind: 'calendar' });
  return changeItem(row);
}

/** Puts a release back at its rule's time; 404 when it had no change. */
export async function removeReleaseChange(releaseId: string): Promise<void> {
  if (!(await deleteReleaseChange(releaseId))) throw new NotFoundError(messages.releaseNotFound);
  await contentChanged({ entity: 'release-change', id: 0, action: 'deleted' }, { kind: 'calendar' });
}
