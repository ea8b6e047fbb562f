/**
 * Calendar days and wall-clock times in a named time zone (US Eastern for EIA's releases),
 * with Intl only: days are `YYYY-MM-DD` strings, arithmetic runs on UTC midnights.
 */

import { addDays, dayTime, wallClock, weekday } from '@db/catalog/days';

// Day arithmetic is shared with the seed and the release rules, so it lives in the catalog.
export { addDays, dayTime, isoDay, weekday } from '@db/catalog/days';

/** The wall clock of `instant` in `timeZone`: its day and `HH:MM`, and the same wall time as if it were UTC (`ms`). */
export function zonedParts(instant: Date, timeZone: string): { day: string; time: string; ms: number } {
  const clock = wallClock(instant, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  const ms = dayTime(clock.day) + ((clock.hour * 60 + clock.minute) * 60 + clock.second) * 1000;
  return { day: clock.day, time: `${pad(clock.hour)}:${pad(clock.minute)}`, ms };
}

/** The instant when the clocks of `timeZone` show `time` (`HH:MM`) on `day`. */
export function zonedTime(day: string, time: string, timeZone: string): Date {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const naive = dayTime(day) + (h * 60 + m) * 60_000;
  // The zone's offset at a first guess, then at the corrected instant (exact except inside a DST gap).
  const offsetAt = (t: number) => zonedParts(new Date(t), timeZone).ms - Math.floor(t / 1000) * 1000;
  const guess = naive - offsetAt(naive);
  return new Date(naive - offsetAt(guess));
}

/** Every day of the week (0 Sunday … 6 Saturday). */
export const EVERY_DAY: readonly number[] = [0, 1, 2, 3, 4, 5, 6];

/**
 * The first of the wall-clock `times` (`HH:MM`, sorted) on one of the `weekdays` (0 Sunday) in
 * `timeZone` strictly after `after`: a weekly schedule, the same clock time across
 * daylight-saving changes.
 */
export function nextRunOn(weekdays: readonly number[], times: readonly string[], after: Date, timeZone: string): Date {
  const today = zonedParts(after, timeZone).day;
  for (let i = 0; i < 9; i++) {
    const day = addDays(today, i);
    if (!weekdays.includes(weekday(day))) continue;
    for (const time of times) {
      const at = zonedTime(day, time, timeZone);
      if (at.getTime() > after.getTime()) return at;
    }
  }
  throw new Error('No run day or time was given.');
}

/** The first of the daily wall-clock `times` (`HH:MM`, sorted) in `timeZone` strictly after `after`. */
export function nextDailyRun(times: readonly string[], after: Date, timeZone: string): Date {
  return nextRunOn(EVERY_DAY, times, after, timeZone);
}
