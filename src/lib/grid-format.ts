// Reader-facing text of the live grid: power in gigawatts, hours in a region's own zone and in
// US Eastern (each said with its zone), and the regions' addresses. Isomorphic.
import { GRID_FUELS, GRID_REGIONS, LOWER_48, type GridFuelCode, type GridRegion } from '@db/catalog/grid';
import type { GridRegionSummary } from '@/lib/wire/grid';
import { formatNumber, formatSigned } from '@/lib/market-format';
import { zonedParts } from '@/lib/zoned-time';

/** US Eastern, the second zone every hour is said in. */
export const EASTERN = { timeZone: 'America/New_York', zoneAbbr: 'ET' } as const;

/** A region of the catalog by its code in any case (`tex`, `TEX`), or undefined. */
export function gridRegionOf(code: string): GridRegion | undefined {
  const upper = code.toUpperCase();
  return GRID_REGIONS.find((r) => r.code === upper);
}

/** A region's page: `/grid` for the Lower 48, `/grid/TEX` for a region. */
export function gridPagePath(code: string): string {
  return code === LOWER_48 ? '/grid' : `/grid/${code}`;
}

/** The zone a region's hours are said in: "Times in Central Time (CT), with US Eastern (ET) beside." */
export function gridZoneText(region: Pick<GridRegion, 'timeZone' | 'zoneName' | 'zoneAbbr'>): string {
  return region.timeZone === EASTERN.timeZone
    ? `Times in US Eastern (${region.zoneAbbr}).`
    : `Times in ${region.zoneName} (${region.zoneAbbr}), with US Eastern (ET) beside.`;
}

/** A fuel's label ("Natural gas"). */
export function fuelLabel(code: GridFuelCode): string {
  return GRID_FUELS.find((f) => f.code === code)?.label ?? code;
}

/** Megawatthours in an hour (average megawatts) as gigawatts: "452.3 GW". */
export function formatGigawatts(mwh: number, decimals = 1): string {
  return `${formatNumber(mwh / 1000, decimals)} GW`;
}

/** A signed change in gigawatts: "+1.2 GW", "−0.4 GW". */
export function formatSignedGigawatts(mwh: number, decimals = 1): string {
  return `${formatSigned(mwh / 1000, decimals)} GW`;
}

const clock = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, withDay: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withDay}`;
  let f = clock.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: 'numeric',
      ...(withDay ? { weekday: 'short', month: 'short', day: 'numeric' } : {}),
    });
    clock.set(key, f);
  }
  return f;
}

/** The end of an hour on a zone's clock: "3 PM", or "Mon, Jan 5, 3 PM" with its day. */
export function formatHour(instant: Date | string, timeZone: string, withDay = false): string {
  return formatter(timeZone, withDay).format(new Date(instant));
}

/**
 * An hour said in the region's zone and in US Eastern, each with its zone: "Mon, Jan 5, 2 PM CT
 * (3 PM ET)"; once when the region's zone is Eastern: "Mon, Jan 5, 3 PM ET".
 */
export function formatHourBothZones(instant: Date | string, region: Pick<GridRegion, 'timeZone' | 'zoneAbbr'>, withDay = true): string {
  const own = `${formatHour(instant, region.timeZone, withDay)} ${region.zoneAbbr}`;
  if (region.timeZone === EASTERN.timeZone) return own;
  return `${own} (${formatHour(instant, EASTERN.timeZone)} ${EASTERN.zoneAbbr})`;
}

/** A day (`YYYY-MM-DD`) as "Mon, Jan 5". */
export function formatGridDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(`${day}T12:00:00Z`));
}

/**
 * An instant as the milliseconds of its wall clock in `timeZone` read as UTC: what a chart
 * with a UTC axis needs to label hours as the region's clocks show them.
 */
export function wallClockMs(instant: Date | number, timeZone: string): number {
  return zonedParts(new Date(instant), timeZone).ms;
}

/**
 * An instant in ISO 8601 on a zone's clock with its offset from UTC: "2026-11-20T16:00:00-06:00"
 * (what a spreadsheet reads as one moment, and a reader as the region's own hour).
 */
export function isoInZone(instant: Date | number | string, timeZone: string): string {
  const time = new Date(instant).getTime();
  const wall = zonedParts(new Date(time), timeZone).ms;
  const offset = Math.round((wall - time) / 60_000);
  const abs = Math.abs(offset);
  const zone = `${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${new Date(wall).toISOString().slice(0, 19)}${zone}`;
}

/** The local day an hour belongs to: the day of its middle (the hour ending at midnight closes the day before). */
export function localDayOfHour(end: Date | number | string, timeZone: string): string {
  return zonedParts(new Date(new Date(end).getTime() - 30 * 60_000), timeZone).day;
}

/** When a region's peak was: "today" (its local day now), or "on Mon, Jan 5". */
export function peakDayText(s: Pick<GridRegionSummary, 'peakToday' | 'timeZone'>, now: Date = new Date()): string {
  if (!s.peakToday) return '';
  return s.peakToday.day === zonedParts(now, s.timeZone).day ? 'today' : `on ${formatGridDay(s.peakToday.day)}`;
}

/** The day's peak as a percentage of the record (one decimal), or null without either. */
export function recordShare(s: Pick<GridRegionSummary, 'peakToday' | 'record'>): number | null {
  return s.peakToday && s.record && s.record.demand > 0 ? Math.round((s.peakToday.demand / s.record.demand) * 1000) / 10 : null;
}

/** Total interchange in words: "1.2 GW sent out", "0.4 GW taken in". */
export function interchangeText(mwh: number | null): string {
  return mwh === null ? '–' : mwh >= 0 ? `${formatGigawatts(mwh)} sent out` : `${formatGigawatts(-mwh)} taken in`;
}
