// Calendar days and the US federal holidays: facts the seed (which days a market trades),
// the release rules (which days EIA publishes) and the pages share. Days are `YYYY-MM-DD`
// strings; arithmetic runs on UTC midnights. Imports nothing, so isomorphic code may import it.

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a UTC midnight. */
export function isoDay(time: number | Date): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The UTC midnight of a `YYYY-MM-DD` day. */
export function dayTime(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** The day `n` days after `day` (before it when negative). */
export function addDays(day: string, n: number): string {
  return isoDay(dayTime(day) + n * DAY_MS);
}

/** Day of the week: 0 Sunday … 6 Saturday. */
export function weekday(day: string): number {
  return new Date(dayTime(day)).getUTCDay();
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayTime(to) - dayTime(from)) / DAY_MS);
}

export interface Holiday {
  /** The day it is observed (a Saturday's holiday on the Friday, a Sunday's on the Monday). */
  day: string;
  name: string;
}

/** The `n`-th given weekday (0 Sunday) of a month; n = -1 for the last. */
export function nthWeekday(year: number, month: number, dow: number, n: number): string {
  if (n > 0) {
    const first = isoDay(Date.UTC(year, month - 1, 1));
    return addDays(first, ((dow - weekday(first) + 7) % 7) + (n - 1) * 7);
  }
  const last = isoDay(Date.UTC(year, month, 0));
  return addDays(last, -((weekday(last) - dow + 7) % 7));
}

function observed(day: string): string {
  const dow = weekday(day);
  return dow === 6 ? addDays(day, -1) : dow === 0 ? addDays(day, 1) : day;
}

/** The day of a month's date (`fixed(2026, 11, 24)`). */
export function fixed(year: number, month: number, date: number): string {
  return isoDay(Date.UTC(year, month - 1, date));
}

function holidaysByRule(year: number): Holiday[] {
  return [
    { day: observed(fixed(year, 1, 1)), name: "New Year's Day" },
    { day: nthWeekday(year, 1, 1, 3), name: 'Martin Luther King Jr. Day' },
    { day: nthWeekday(year, 2, 1, 3), name: "Washington's Birthday" },
    { day: nthWeekday(year, 5, 1, -1), name: 'Memorial Day' },
    { day: observed(fixed(year, 6, 19)), name: 'Juneteenth' },
    { day: observed(fixed(year, 7, 4)), name: 'Independence Day' },
    { day: nthWeekday(year, 9, 1, 1), name: 'Labor Day' },
    { day: nthWeekday(year, 10, 1, 2), name: 'Columbus Day' },
    { day: observed(fixed(year, 11, 11)), name: 'Veterans Day' },
    { day: nthWeekday(year, 11, 4, 4), name: 'Thanksgiving Day' },
    { day: observed(fixed(year, 12, 25)), name: 'Christmas Day' },
  ];
}

const holidayCache = new Map<number, Holiday[]>();

/**
 * The US federal holidays observed in `year` (5 U.S.C. 6103), in date order. A New Year's
 * Day on a Saturday is observed on December 31 of the year before, so it is listed there.
 */
export function federalHolidays(year: number): Holiday[] {
  let list = holidayCache.get(year);
  if (!list) {
    list = [...holidaysByRule(year), ...holidaysByRule(year + 1)]
      .filter((h) => h.day.startsWith(`${year}-`))
      .sort((a, b) => a.day.localeCompare(b.day));
    holidayCache.set(year, list);
  }
  return list;
}

/** The federal holiday observed on `day`, if any. */
export function holidayOn(day: string): Holiday | undefined {
  return federalHolidays(Number(day.slice(0, 4))).find((h) => h.day === day);
}

/** A weekday that is no federal holiday: a day EIA publishes and US markets report prices. */
export function isBusinessDay(day: string): boolean {
  const dow = weekday(day);
  return dow !== 0 && dow !== 6 && !holidayOn(day);
}

/** `day` itself when it is a business day, else the next one. */
export function nextBusinessDay(day: string): string {
  let d = day;
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

/** `day` itself when it is a business day, else the one before. */
export function previousBusinessDay(day: string): string {
  let d = day;
  while (!isBusinessDay(d)) d = addDays(d, -1);
  return d;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `instant` in `timeZone` (Intl only): its day, hour (0–23), minute, second and weekday (0 Sunday). */
export function wallClock(instant: Date | number, timeZone: string): { day: string; hour: number; minute: number; second: number; weekday: number } {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    clockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  const day = `${get('year')}-${get('month')}-${get('day')}`;
  return { day, hour: Number(get('hour')), minute: Number(get('minute')), second: Number(get('second')), weekday: weekday(day) };
}
