import { SITE_TIME_ZONE } from '@/lib/format';
import { addDays, dayTime, isoDay, weekday, zonedTime } from '@/lib/zoned-time';

/**
 * EIA's recurring releases, computed from their rules, and the US federal holidays that
 * move them. Every day here is a `YYYY-MM-DD` in US Eastern time; times are Eastern wall
 * clock (`HH:MM`).
 *
 * The rules, as EIA publishes them:
 * - Weekly Petroleum Status Report: Wednesdays 10:30. A federal holiday from Monday to
 *   Wednesday of its week delays it one day per holiday (Juneteenth on a Monday moved it
 *   to Thursday); on a Thursday it comes at 11:00, after the storage report.
 * - Weekly Natural Gas Storage Report: Thursdays 10:30. An earlier holiday in the week does
 *   not move it (EIA's rule: when the delayed WPSR falls on the storage report's Thursday,
 *   the storage report keeps its time and the WPSR follows). A holiday on the Thursday
 *   moves it to the next business day, except Thanksgiving: then it comes on Wednesday at
 *   12:00.
 * - Gasoline and Diesel Fuel Update: Mondays 17:00; a Monday holiday moves it to Tuesday.
 * - Short-Term Energy Outlook: the first Tuesday on or after the 6th of each month at
 *   12:00; a holiday earlier in its week delays it one day (Veterans Day moved November
 *   2024's to Wednesday the 13th). This gives most of EIA's published STEO dates; EIA
 *   sometimes chooses a later day (often in January), which an editor records as a
 *   release change (`release_changes`, the admin's Calendar tab).
 * - Electric Power Monthly: the 24th at 10:00, or the next business day (an approximation:
 *   EIA publishes it in the last week of the month); it carries the data of two months
 *   before.
 * A release moved onto a weekend or another holiday moves on to the next business day.
 */

/** A stored series a release updates: its page is `/markets/{slug}`. */
export interface ReleaseSeries {
  slug: string;
  label: string;
}

export type ReleaseKind = 'wpsr' | 'storage' | 'fuel-prices' | 'steo' | 'epm';

export interface ReleaseRule {
  kind: ReleaseKind;
  title: string;
  /** EIA's page of the release. */
  url: string;
  series: readonly ReleaseSeries[];
  /** The series whose observation for the release's period is its headline figure; none for a forecast. */
  headline?: string;
  cadence: 'weekly' | 'monthly';
}

export const RELEASE_RULES: Readonly<Record<ReleaseKind, ReleaseRule>> = {
  wpsr: {
    kind: 'wpsr',
    title: 'Weekly Petroleum Status Report',
    url: 'https://www.eia.gov/petroleum/supply/weekly/',
    series: [
      { slug: 'crude-inventories', label: 'US crude oil inventories' },
      { slug: 'cushing-stocks', label: 'Cushing (Oklahoma) crude stocks' },
    ],
    headline: 'crude-inventories',
    cadence: 'weekly',
  },
  storage: {
    kind: 'storage',
    title: 'Weekly Natural Gas Storage Report',
    url: 'https://ir.eia.gov/ngs/ngs.html',
    series: [{ slug: 'gas-storage', label: 'Working gas in storage' }],
    headline: 'gas-storage',
    cadence: 'weekly',
  },
  'fuel-prices': {
    kind: 'fuel-prices',
    title: 'Gasoline and Diesel Fuel Update',
    url: 'https://www.eia.gov/petroleum/gasdiesel/',
    series: [
      { slug: 'gasoline', label: 'US regular gasoline' },
      { slug: 'diesel', label: 'US diesel' },
    ],
    headline: 'gasoline',
    cadence: 'weekly',
  },
  steo: {
    kind: 'steo',
    title: 'Short-Term Energy Outlook',
    url: 'https://www.eia.gov/outlooks/steo/',
    series: [
      { slug: 'brent', label: 'Brent crude' },
      { slug: 'wti', label: 'WTI crude' },
      { slug: 'crude-production', label: 'US crude oil production' },
    ],
    cadence: 'monthly',
  },
  epm: {
    kind: 'epm',
    title: 'Electric Power Monthly',
    url: 'https://www.eia.gov/electricity/monthly/',
    series: [{ slug: 'electricity', label: 'US residential electricity price' }],
    headline: 'electricity',
    cadence: 'monthly',
  },
};

/** One release on the calendar. */
export interface Release {
  /** Stable: the kind and the day the rule gives before any holiday (`wpsr-2026-11-25`). */
  id: string;
  kind: ReleaseKind;
  title: string;
  /** The day it comes out, after holidays. */
  day: string;
  /** Eastern wall clock, `HH:MM`. */
  time: string;
  startsAt: Date;
  /** The day the rule gives before holidays. */
  scheduledDay: string;
  /** The holiday that moved it, if any. */
  movedFor?: string;
  /** The observation period of its headline figure (`YYYY-MM-DD`), when it has one. */
  period?: string;
}

export interface Holiday {
  /** The day it is observed (a Saturday's holiday on the Friday, a Sunday's on the Monday). */
  day: string;
  name: string;
}

/** The `n`-th given weekday (0 Sunday) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, dow: number, n: number): string {
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

function fixed(year: number, month: number, date: number): string {
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

function isBusinessDay(day: string): boolean {
  const dow = weekday(day);
  return dow !== 0 && dow !== 6 && !holidayOn(day);
}

function nextBusinessDay(day: string): string {
  let d = day;
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

/** Holidays from the Monday of `day`'s week up to `day` itself. */
function holidaysInWeekThrough(day: string): Holiday[] {
  const monday = addDays(day, -((weekday(day) + 6) % 7));
  const out: Holiday[] = [];
  for (let d = monday; d <= day; d = addDays(d, 1)) {
    const h = holidayOn(d);
    if (h) out.push(h);
  }
  return out;
}

/** Applies the default shift: one day later per holiday earlier in the week (or on the day), then the next business day. */
function shifted(scheduledDay: string): { day: string; movedFor?: string } {
  const holidays = holidaysInWeekThrough(scheduledDay);
  if (holidays.length === 0) return { day: scheduledDay };
  return { day: nextBusinessDay(addDays(scheduledDay, holidays.length)), movedFor: holidays[0]?.name ?? '' };
}

function release(
  kind: ReleaseKind,
  scheduledDay: string,
  day: string,
  time: string,
  movedFor: string | undefined,
  period: string | undefined,
): Release {
  const r: Release = {
    id: `${kind}-${scheduledDay}`,
    kind,
    title: RELEASE_RULES[kind].title,
    day,
    time,
    startsAt: zonedTime(day, time, SITE_TIME_ZONE),
    scheduledDay,
  };
  if (movedFor) r.movedFor = movedFor;
  if (period) r.period = period;
  return r;
}

function weeklyRelease(kind: 'wpsr' | 'storage' | 'fuel-prices', scheduledDay: string): Release {
  if (kind === 'storage') {
    // The week ending the Friday before.
    const period = addDays(scheduledDay, -6);
    const thanksgiving = holidayOn(scheduledDay)?.name === 'Thanksgiving Day';
    if (thanksgiving) return release(kind, scheduledDay, addDays(scheduledDay, -1), '12:00', 'Thanksgiving Day', period);
    const holiday = holidayOn(scheduledDay);
    return release(kind, scheduledDay, holiday ? nextBusinessDay(scheduledDay) : scheduledDay, '10:30', holiday?.name, period);
  }
  if (kind === 'wpsr') {
    const { day, movedFor } = shifted(scheduledDay);
    return release(kind, scheduledDay, day, weekday(day) === 4 ? '11:00' : '10:30', movedFor, addDays(scheduledDay, -5));
  }
  const { day, movedFor } = shifted(scheduledDay);
  return release(kind, scheduledDay, day, '17:00', movedFor, scheduledDay);
}

function monthlyReleases(year: number, month: number): Release[] {
  const sixth = fixed(year, month, 6);
  const steoDay = addDays(sixth, (2 - weekday(sixth) + 7) % 7);
  const steo = shifted(steoDay);
  const epmDay = fixed(year, month, 24);
  const epm = nextBusinessDay(epmDay);
  let epmHoliday: string | undefined;
  for (let d = epmDay; d < epm && !epmHoliday; d = addDays(d, 1)) epmHoliday = holidayOn(d)?.name;
  const dataMonth = new Date(Date.UTC(year, month - 3, 1));
  return [release('steo', steoDay, steo.day, '12:00', steo.movedFor, undefined), release('epm', epmDay, epm, '10:00', epmHoliday, isoDay(dataMonth))];
}

const WEEKLY_DAY: Record<'wpsr' | 'storage' | 'fuel-prices', number> = { 'fuel-prices': 1, wpsr: 3, storage: 4 };

/**
 * Every release that comes out from `from` to `to` (days, both included), in time order.
 * Bounded by its window: about 20 releases a month.
 */
export function releasesBetween(from: string, to: string): Release[] {
  const out: Release[] = [];
  // Scheduled days a week either side, since holidays move releases by a few days.
  const start = addDays(from, -7);
  const end = addDays(to, 7);
  for (let d = start; d <= end; d = addDays(d, 1)) {
    const dow = weekday(d);
    for (const kind of ['fuel-prices', 'wpsr', 'storage'] as const) if (WEEKLY_DAY[kind] === dow) out.push(weeklyRelease(kind, d));
    if (d.endsWith('-01')) out.push(...monthlyReleases(Number(d.slice(0, 4)), Number(d.slice(5, 7))));
  }
  if (!start.endsWith('-01')) out.push(...monthlyReleases(Number(start.slice(0, 4)), Number(start.slice(5, 7))));
  return out
    .filter((r) => r.day >= from && r.day <= to)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.title.localeCompare(b.title));
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayTime(to) - dayTime(from)) / 86_400_000);
}
