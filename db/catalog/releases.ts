// EIA's recurring releases, computed from their rules, and the US federal holidays that move
// them. The market-series catalog (`market-series.ts`) names the releases that update each
// series; the calendar pages and feed, the series pages' "Next update" and the seed's
// publication lags all read these rules. Every day here is a `YYYY-MM-DD` in US Eastern time;
// times are Eastern wall clock (`HH:MM`). Imports nothing but `days.ts`.
//
// The rules, as EIA publishes them:
// - Weekly Petroleum Status Report: Wednesdays 10:30. A federal holiday from Monday to
//   Wednesday of its week delays it one day per holiday (Juneteenth on a Monday moved it
//   to Thursday); on a Thursday it comes at 11:00, after the storage report. EIA's daily
//   spot prices (crude oil and Henry Hub natural gas) are published once a week with it.
// - Weekly Natural Gas Storage Report: Thursdays 10:30. An earlier holiday in the week does
//   not move it (EIA's rule: when the delayed WPSR falls on the storage report's Thursday,
//   the storage report keeps its time and the WPSR follows). A holiday on the Thursday
//   moves it to the next business day, except Thanksgiving: then it comes on Wednesday at
//   12:00.
// - Gasoline and Diesel Fuel Update: Mondays 17:00; a Monday holiday moves it to Tuesday.
// - Short-Term Energy Outlook: the first Tuesday on or after the 6th of each month at
//   12:00; a holiday earlier in its week delays it one day (Veterans Day moved November
//   2024's to Wednesday the 13th). This gives most of EIA's published STEO dates; EIA
//   sometimes chooses a later day (often in January), which an editor records as a
//   release change (`release_changes`, the admin's Calendar tab). A forecast: it updates
//   the stored outlook series (`*-steo`), whose latest period is a forecast month, so it
//   carries no period.
// - Electric Power Monthly: the 24th at 10:00, or the next business day (an approximation:
//   EIA publishes it in the last week of the month); it carries the data of two months
//   before.
// - Petroleum Supply Monthly: the last business day of the month at 10:00 (EIA publishes it
//   at the end of each month); it carries the data of two months before, US crude oil
//   production among them.
// A release moved onto a weekend or another holiday moves on to the next business day.
import { addDays, fixed, holidayOn, isoDay, nextBusinessDay, previousBusinessDay, weekday, type Holiday } from './days.ts';

export const RELEASE_KINDS = ['wpsr', 'storage', 'fuel-prices', 'steo', 'epm', 'psm'] as const;
export type ReleaseKind = (typeof RELEASE_KINDS)[number];

export interface ReleaseFacts {
  kind: ReleaseKind;
  title: string;
  /** EIA's page of the release. */
  url: string;
  /** The series whose observation for the release's period is its headline figure; none for a forecast. */
  headline?: string;
  cadence: 'weekly' | 'monthly';
}

export const RELEASES: Readonly<Record<ReleaseKind, ReleaseFacts>> = {
  wpsr: {
    kind: 'wpsr',
    title: 'Weekly Petroleum Status Report',
    url: 'https://www.eia.gov/petroleum/supply/weekly/',
    headline: 'crude-inventories',
    cadence: 'weekly',
  },
  storage: {
    kind: 'storage',
    title: 'Weekly Natural Gas Storage Report',
    url: 'https://ir.eia.gov/ngs/ngs.html',
    headline: 'gas-storage',
    cadence: 'weekly',
  },
  'fuel-prices': {
    kind: 'fuel-prices',
    title: 'Gasoline and Diesel Fuel Update',
    url: 'https://www.eia.gov/petroleum/gasdiesel/',
    headline: 'gasoline',
    cadence: 'weekly',
  },
  steo: { kind: 'steo', title: 'Short-Term Energy Outlook', url: 'https://www.eia.gov/outlooks/steo/', cadence: 'monthly' },
  epm: {
    kind: 'epm',
    title: 'Electric Power Monthly',
    url: 'https://www.eia.gov/electricity/monthly/',
    headline: 'electricity',
    cadence: 'monthly',
  },
  psm: {
    kind: 'psm',
    title: 'Petroleum Supply Monthly',
    url: 'https://www.eia.gov/petroleum/supply/monthly/',
    headline: 'crude-production',
    cadence: 'monthly',
  },
};

/** One release on the calendar, by its rule (EIA's own moves are applied by the calendar service). */
export interface ReleaseDay {
  /** Stable: the kind and the day the rule gives before any holiday (`wpsr-2026-11-25`). */
  id: string;
  kind: ReleaseKind;
  title: string;
  /** The day it comes out, after holidays. */
  day: string;
  /** Eastern wall clock, `HH:MM`. */
  time: string;
  /** The day the rule gives before holidays. */
  scheduledDay: string;
  /** The holiday that moved it, if any. */
  movedFor?: string;
  /** The observation period of the figures it brings (`YYYY-MM-DD`), when it has one. */
  period?: string;
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
): ReleaseDay {
  const r: ReleaseDay = { id: `${kind}-${scheduledDay}`, kind, title: RELEASES[kind].title, day, time, scheduledDay };
  if (movedFor) r.movedFor = movedFor;
  if (period) r.period = period;
  return r;
}

function weeklyRelease(kind: 'wpsr' | 'storage' | 'fuel-prices', scheduledDay: string): ReleaseDay {
  if (kind === 'storage') {
    // The week ending the Friday before.
    const period = addDays(scheduledDay, -6);
    const holiday = holidayOn(scheduledDay);
    if (holiday?.name === 'Thanksgiving Day') return release(kind, scheduledDay, addDays(scheduledDay, -1), '12:00', holiday.name, period);
    return release(kind, scheduledDay, holiday ? nextBusinessDay(scheduledDay) : scheduledDay, '10:30', holiday?.name, period);
  }
  if (kind === 'wpsr') {
    const { day, movedFor } = shifted(scheduledDay);
    return release(kind, scheduledDay, day, weekday(day) === 4 ? '11:00' : '10:30', movedFor, addDays(scheduledDay, -5));
  }
  const { day, movedFor } = shifted(scheduledDay);
  return release(kind, scheduledDay, day, '17:00', movedFor, scheduledDay);
}

/** The first day of the month `back` months before `year`-`month`. */
function monthBefore(year: number, month: number, back: number): string {
  return isoDay(Date.UTC(year, month - 1 - back, 1));
}

function monthlyReleases(year: number, month: number): ReleaseDay[] {
  const sixth = fixed(year, month, 6);
  const steoDay = addDays(sixth, (2 - weekday(sixth) + 7) % 7);
  const steo = shifted(steoDay);
  const epmDay = fixed(year, month, 24);
  const epm = nextBusinessDay(epmDay);
  let epmHoliday: string | undefined;
  for (let d = epmDay; d < epm && !epmHoliday; d = addDays(d, 1)) epmHoliday = holidayOn(d)?.name;
  const psm = previousBusinessDay(isoDay(Date.UTC(year, month, 0)));
  return [
    release('steo', steoDay, steo.day, '12:00', steo.movedFor, undefined),
    release('epm', epmDay, epm, '10:00', epmHoliday, monthBefore(year, month, 2)),
    release('psm', psm, psm, '10:00', undefined, monthBefore(year, month, 2)),
  ];
}

const WEEKLY_DAY: Record<'wpsr' | 'storage' | 'fuel-prices', number> = { 'fuel-prices': 1, wpsr: 3, storage: 4 };

/**
 * Every release that comes out from `from` to `to` (days, both included), in time order.
 * Bounded by its window: about 20 releases a month.
 */
export function releaseDaysBetween(from: string, to: string): ReleaseDay[] {
  const out: ReleaseDay[] = [];
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
    .sort((a, b) => `${a.day} ${a.time}`.localeCompare(`${b.day} ${b.time}`) || a.title.localeCompare(b.title));
}

/**
 * The period of the newest figures `kinds` of releases have brought out before `today` (a
 * release on `today` itself may not be out yet): what a series those releases update can
 * hold on that day. Undefined when none of them carries a period.
 */
export function latestReleasedPeriod(kinds: readonly ReleaseKind[], today: string): string | undefined {
  const released = releaseDaysBetween(addDays(today, -70), addDays(today, -1)).filter((r) => kinds.includes(r.kind) && r.period);
  return released
    .map((r) => r.period ?? '')
    .sort()
    .at(-1);
}
