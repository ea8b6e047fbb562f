import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { SITE_TIME_ZONE } from '@/lib/format';
import { formatCalendarDay, formatClock, formatHeadline } from '@/lib/calendar-format';
import { SITE_NAME } from '@/lib/site';
import { addDays, zonedParts } from '@/lib/zoned-time';
import { easternDay, getCalendar, type CalendarEntry } from '@/server/services/calendar/releases';

/** The feed's window: 3 months back, 12 months ahead (bounded, whatever the archive). */
export const FEED_DAYS_BACK = 92;
export const FEED_DAYS_AHEAD = 366;

/** How long a release or an event without an end lasts on a calendar. */
const RELEASE_MINUTES = 30;
const EVENT_MINUTES = 60;

/** America/New_York as RFC 5545 describes it (the US rules in force since 2007). */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${SITE_TIME_ZONE}`,
  'X-LIC-LOCATION:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:20070311T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:20071104T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/**
 * A Date whose local clock reads the Eastern wall clock of `instant`: ical-generator writes
 * a `TZID` time from a Date's local fields, whatever the server's own time zone.
 */
function easternWallClock(instant: Date): Date {
  const { day, time } = zonedParts(instant, SITE_TIME_ZONE);
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const [h = 0, min = 0] = time.split(':').map(Number);
  return new Date(y, m - 1, d, h, min);
}

function describe(entry: CalendarEntry, site: URL): string {
  const lines: string[] = [];
  if (entry.movedFor) lines.push(`Moved for ${entry.movedFor}.`);
  const change = entry.change;
  if (change) {
    const from = `${formatCalendarDay(change.scheduledDay)}, ${formatClock(change.scheduledTime)} ET`;
    lines.push(change.postponed ? `Postponed by EIA from ${from}; new date to come.` : `Moved by EIA from ${from}.`);
    if (change.note) lines.push(change.note);
  }
  if (entry.figure) lines.push(`Published: ${formatHeadline(entry.figure)}.`);
  for (const s of entry.series) lines.push(`${s.label}: ${new URL(`/markets/${s.slug}`, site).href}`);
  if (entry.url) lines.push(entry.type === 'release' ? `EIA: ${entry.url}` : entry.url);
  lines.push(`Times are US Eastern. Release calendar: ${new URL('/calendar', site).href}`);
  return lines.join('\n');
}

/**
 * `/calendar.ics`: the release calendar as an iCalendar feed (RFC 5545) calendar apps
 * subscribe to. UIDs are stable (`wpsr-2026-11-25@host`, `event-12@host`), times carry
 * `TZID=America/New_York` with the zone described in the feed, DTSTAMP is the time of
 * writing in UTC.
 */
export async function calendarFeed(site: URL, now: Date = new Date()): Promise<string> {
  const today = easternDay(now);
  const entries = await getCalendar(addDays(today, -FEED_DAYS_BACK), addDays(today, FEED_DAYS_AHEAD), now);
  const calendar = ical({
    name: `${SITE_NAME} energy data releases`,
    description: 'EIA data releases (petroleum, natural gas storage, STEO, electricity) and energy-market events, in US Eastern time.',
    prodId: { company: SITE_NAME, product: 'Release calendar', language: 'EN' },
    url: new URL('/calendar', site).href,
    method: ICalCalendarMethod.PUBLISH,
    ttl: 6 * 3600,
  });
  calendar.x('X-WR-TIMEZONE', SITE_TIME_ZONE);
  for (const entry of entries) {
    const end = entry.endsAt ?? new Date(entry.startsAt.getTime() + (entry.type === 'release' ? RELEASE_MINUTES : EVENT_MINUTES) * 60_000);
    const event = calendar.createEvent({
      id: `${entry.id}@${site.hostname}`,
      start: easternWallClock(entry.startsAt),
      end: easternWallClock(end),
      timezone: SITE_TIME_ZONE,
      stamp: now,
      summary: entry.figure
        ? `${entry.title}: ${formatHeadline(entry.figure)}`
        : entry.status === 'postponed'
          ? `Postponed: ${entry.title}`
          : entry.title,
      // A release EIA moved or postponed: a higher SEQUENCE makes subscribed calendars take the change;
      // postponed with no new date, the slot it had is CANCELLED (the same UID comes back with the new date).
      sequence: entry.change?.sequence ?? 0,
      status: entry.status === 'postponed' ? ICalEventStatus.CANCELLED : null,
      description: describe(entry, site),
      location: entry.location || null,
      url: entry.url || (entry.series[0] ? new URL(`/markets/${entry.series[0].slug}`, site).href : null),
    });
    event.categories([{ name: entry.type === 'release' ? 'EIA release' : 'Energy event' }]);
  }
  // The zone's description goes before the first event (ical-generator writes it only with a
  // calendar-wide zone, which would also drop the UTC "Z" of DTSTAMP).
  const text = calendar.toString();
  const at = text.indexOf('BEGIN:VEVENT');
  return at === -1 ? text.replace('END:VCALENDAR', `${VTIMEZONE}\r\nEND:VCALENDAR`) : `${text.slice(0, at)}${VTIMEZONE}\r\n${text.slice(at)}`;
}
