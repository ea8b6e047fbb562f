import { GRID_FUEL_CODES, GRID_FUELS, GRID_REGIONS, GRID_STALE_AFTER_HOURS, LOWER_48, type GridFuelCode, type GridRegion } from '@db/catalog/grid';
import { addDays } from '@db/catalog/days';
import { gridPagePath, gridRegionOf, isoInZone, localDayOfHour } from '@/lib/grid-format';
import { zonedParts, zonedTime } from '@/lib/zoned-time';
import { FIGURE_DATASETS } from '@db/catalog/figures';
import { GRID_HOUR_FIGURES, hourKey } from '@/lib/figure-keys';
import type { VintageChoice } from '@/server/queries/market';
import type { PointRevision } from '@/lib/value-revisions';
import { figureRevisionOf, figuresAsChosen, revisedFiguresOf, vintageChoiceOf, type VintageQuery } from '@/server/services/markets/vintages';
import type { FigureRevision } from '@/lib/wire/data-desk';
import type { GridHistory, GridHistoryHour, GridMixEntry, GridRegionSummary } from '@/lib/wire/grid';
import { showsTags, validUntil } from '@/server/cache/render-scope';
import { tag } from '@/server/cache/tags';
import { cachedForContent } from '@/server/content-version';
import { BadRequestError, NotFoundError, messages } from '@/server/errors';
import {
  earliestGridHour,
  gridDemandRecord,
  latestGridHour,
  listGridFuels,
  listGridHours,
  type GridFuelRow,
  type GridHourRow,
} from '@/server/queries/grid';

const HOUR_MS = 3_600_000;
/** The widest range one answer of the data API holds. */
export const MAX_GRID_DAYS = 31;
/** Hours a page charts: a week. */
const CHART_HOURS = 168;
/** Forecast hours past the latest demand a chart shows. */
const FORECAST_HOURS = 24;

const round = (v: number, decimals = 0) => Math.round(v * 10 ** decimals) / 10 ** decimals;

/** The fuel mix of one hour: each fuel's value and its share of what was generated (fuels that drew power count as 0). */
export function fuelMix(rows: readonly Pick<GridFuelRow, 'fuel' | 'value'>[]): GridMixEntry[] {
  const positive = rows.reduce((sum, r) => sum + Math.max(0, r.value), 0);
  return GRID_FUELS.flatMap((f) => {
    const row = rows.find((r) => r.fuel === f.code);
    if (!row) return [];
    return [{ fuel: f.code, label: f.label, value: round(row.value), share: positive > 0 ? round((Math.max(0, row.value) / positive) * 100, 1) : 0 }];
  });
}

/** The line said under a region's figures. */
function sourceOf(region: GridRegion, sample: boolean): { sample: boolean; text: string } {
  return {
    sample,
    text: sample
      ? 'Illustrative sample: a seeded week, not EIA figures.'
      : `Source: U.S. Energy Information Administration, Hourly Electric Grid Monitor (Form EIA-930), respondent ${region.code}.`,
  };
}

/** The hours of a region's local day, as a range of hour ends: after its midnight, up to the next one. */
function localDayRange(day: string, timeZone: string): { from: Date; to: Date } {
  const start = zonedTime(day, '00:00', timeZone).getTime();
  const next = zonedTime(addDays(day, 1), '00:00', timeZone).getTime();
  return { from: new Date(start + HOUR_MS), to: new Date(next) };
}

/** A region now: its latest hour, the fuel mix then, its local day's peak against its record. */
async function summarize(region: GridRegion, now: Date): Promise<GridRegionSummary> {
  const [latest, record, since] = await Promise.all([latestGridHour(region.code), gridDemandRecord(region.code), earliestGridHour(region.code)]);
  const base = {
    code: region.code,
    name: region.name,
    timeZone: region.timeZone,
    zoneAbbr: region.zoneAbbr,
    staleAfterHours: GRID_STALE_AFTER_HOURS,
    page: gridPagePath(region.code),
    api: `/api/grid/${region.code}`,
  };
  if (!latest || latest.demand === null) {
    return { ...base, latest: null, mix: [], peakToday: null, record: null, stale: true, source: sourceOf(region, false) };
  }
  const day = localDayOfHour(latest.period, region.timeZone);
  const { from, to } = localDayRange(day, region.timeZone);
  const [dayHours, fuels] = await Promise.all([listGridHours(region.code, from, to), listGridFuels(region.code, latest.period, latest.period)]);
  const peak = dayHours.reduce<GridHourRow | undefined>(
    (best, h) => (h.demand !== null && (!best || h.demand > (best.demand ?? 0)) ? h : best),
    undefined,
  );
  const error = latest.forecast === null ? null : latest.demand - latest.forecast;
  return {
    ...base,
    latest: {
      period: latest.period.toISOString(),
      demand: latest.demand,
      forecast: latest.forecast,
      generation: latest.generation,
      interchange: latest.interchange,
      forecastError: error,
      forecastErrorPercent: error === null || !latest.forecast ? null : round((error / latest.forecast) * 100, 2),
    },
    mix: fuelMix(fuels),
    peakToday: peak?.demand != null ? { day, period: peak.period.toISOString(), demand: peak.demand } : null,
    record: record && since ? { period: record.period.toISOString(), demand: record.demand, since: since.toISOString() } : null,
    stale: now.getTime() - latest.period.getTime() > GRID_STALE_AFTER_HOURS * HOUR_MS,
    source: sourceOf(region, latest.sample),
  };
}

/**
 * Notes what a page showing these regions depends on: each region's figures (the hourly import
 * purges the regions it changed), the moment its latest hour turns stale, and the region's next
 * midnight (its "peak today" becomes the day before's).
 */
function showsRegions(summaries: readonly GridRegionSummary[], now: Date): void {
  showsTags(...summaries.map((s) => tag.gridRegion(s.code)));
  for (const s of summaries) {
    if (s.latest && !s.stale) validUntil(Date.parse(s.latest.period) + s.staleAfterHours * HOUR_MS);
    validUntil(zonedTime(addDays(zonedParts(now, s.timeZone).day, 1), '00:00', s.timeZone));
  }
}

/** Every region now, the Lower 48 first (read once per content version and minute). */
export async function listGridRegions(now: Date = new Date()): Promise<GridRegionSummary[]> {
  const summaries = await cachedForContent('grid|regions', () => Promise.all(GRID_REGIONS.map((r) => summarize(r, now))));
  showsRegions(summaries, now);
  return summaries;
}

/** A region by its code in any case; a 404 for any other. */
export function requireGridRegion(code: string): GridRegion {
  const region = gridRegionOf(code);
  if (!region) throw new NotFoundError(messages.gridRegionNotFound);
  return region;
}

/** Hours with their fuels, oldest first. */
function joinHours(hours: readonly GridHourRow[], fuels: readonly GridFuelRow[]): GridHistoryHour[] {
  const byHour = new Map<number, Partial<Record<GridFuelCode, number>>>();
  for (const f of fuels) {
    const t = f.period.getTime();
    const entry = byHour.get(t) ?? {};
    entry[f.fuel as GridFuelCode] = f.value;
    byHour.set(t, entry);
  }
  return hours.map((h) => {
    const own = byHour.get(h.period.getTime()) ?? {};
    return {
      period: h.period.toISOString(),
      demand: h.demand,
      forecast: h.forecast,
      generation: h.generation,
      interchange: h.interchange,
      fuels: Object.fromEntries(GRID_FUEL_CODES.map((code) => [code, own[code] ?? null])) as GridHistoryHour['fuels'],
    };
  });
}

/** The figures of a region's hours that keep vintages: its region figures and its fuels. */
const regionFigures = (code: string) => GRID_HOUR_FIGURES.map((name) => `${code}|${name}`);
const fuelFigures = (code: string) => GRID_FUEL_CODES.map((fuel) => `${code}|${fuel}`);

/** Each hour's revised figures (the latest read), as the API says them: `demand`, `fuels.SUN`; the region's and its fuels' in one read of the revisions' index. */
async function withRevisions(code: string, hours: GridHistoryHour[], range: { start: string; end: string }): Promise<GridHistoryHour[]> {
  const revised = await revisedFiguresOf(
    [
      { dataset: FIGURE_DATASETS.grid, figures: regionFigures(code) },
      { dataset: FIGURE_DATASETS.gridFuel, figures: fuelFigures(code) },
    ],
    range,
  );
  if (revised.size === 0) return hours;
  const region = revised.get(FIGURE_DATASETS.grid) ?? new Map<string, Map<string, PointRevision>>();
  const fuel = revised.get(FIGURE_DATASETS.gridFuel) ?? new Map<string, Map<string, PointRevision>>();
  return hours.map((h) => {
    const hour = hourKey(h.period);
    const revised: Record<string, FigureRevision> = {};
    for (const name of GRID_HOUR_FIGURES) {
      const revision = region.get(`${code}|${name}`)?.get(hour);
      if (revision) revised[name] = figureRevisionOf(revision);
    }
    for (const f of GRID_FUEL_CODES) {
      const revision = fuel.get(`${code}|${f}`)?.get(hour);
      if (revision) revised[`fuels.${f}`] = figureRevisionOf(revision);
    }
    return Object.keys(revised).length > 0 ? { ...h, revised } : h;
  });
}

/** A region's hours as first published or as known before an instant: only hours with a figure then. */
async function hoursAsChosen(code: string, range: { start: string; end: string }, choice: VintageChoice): Promise<GridHistoryHour[]> {
  const [region, fuel] = await Promise.all([
    figuresAsChosen(FIGURE_DATASETS.grid, regionFigures(code), range, choice),
    figuresAsChosen(FIGURE_DATASETS.gridFuel, fuelFigures(code), range, choice),
  ]);
  const hours = [...new Set([...region.values(), ...fuel.values()].flatMap((m) => [...m.keys()]))].sort();
  const at = (map: Map<string, Map<string, number>>, figure: string, hour: string) => map.get(figure)?.get(hour) ?? null;
  return hours.map((hour) => ({
    period: new Date(`${hour}:00:00Z`).toISOString(),
    demand: at(region, `${code}|demand`, hour),
    forecast: at(region, `${code}|forecast`, hour),
    generation: at(region, `${code}|generation`, hour),
    interchange: at(region, `${code}|interchange`, hour),
    fuels: Object.fromEntries(GRID_FUEL_CODES.map((f) => [f, at(fuel, `${code}|${f}`, hour)])) as GridHistoryHour['fuels'],
  }));
}

/**
 * A region's hours from `start` to `end` (instants, inclusive; by default the week up to its
 * latest hour and the day-ahead forecast after it): the latest figures, each revised one saying
 * what it was, or the figures as EIA first published them or as known at the end of a day (the
 * sample week has none); a 404 for an unknown region, a 400 past `MAX_GRID_DAYS`.
 */
export async function getGridHistory(
  code: string,
  range: { start?: Date | undefined; end?: Date | undefined },
  now: Date = new Date(),
  which: VintageQuery = { vintage: 'latest' },
): Promise<GridHistory> {
  const region = requireGridRegion(code);
  const summaries = await cachedForContent('grid|regions', () => Promise.all(GRID_REGIONS.map((r) => summarize(r, now))));
  const summary = summaries.find((s) => s.code === region.code);
  if (!summary) throw new NotFoundError(messages.gridRegionNotFound);
  showsRegions([summary], now);
  const latest = summary.latest ? Date.parse(summary.latest.period) : Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const end = range.end?.getTime() ?? (range.start ? range.start.getTime() + 7 * 24 * HOUR_MS : latest + FORECAST_HOURS * HOUR_MS);
  const start = range.start?.getTime() ?? Math.min(end, latest) - (CHART_HOURS - 1) * HOUR_MS;
  if (end - start > MAX_GRID_DAYS * 24 * HOUR_MS) throw new BadRequestError(messages.gridRangeTooLarge(MAX_GRID_DAYS));
  const from = new Date(start);
  const to = new Date(end);
  const keys = { start: hourKey(from), end: hourKey(to) };
  const choice = vintageChoiceOf(which);
  const hours = await cachedForContent(`grid|${region.code}|${start}|${end}|${which.vintage}|${which.asOf ?? ''}`, async () => {
    if (choice) return hoursAsChosen(region.code, keys, choice);
    const [rows, fuels] = await Promise.all([listGridHours(region.code, from, to), listGridFuels(region.code, from, to)]);
    return withRevisions(region.code, joinHours(rows, fuels), keys);
  });
  return { region: summary, start: from.toISOString(), end: to.toISOString(), hours, vintage: which.vintage, asOf: which.asOf ?? null };
}

/**
 * The CSV of a region's hours: a header row naming each column's unit, then one row per hour:
 * its end in UTC and on the region's clock (ISO 8601 with the offset, "2026-11-20T16:00:00-06:00"),
 * then every figure as stored, megawatthours (storage negative while it charges).
 */
export function gridHistoryCsv(history: GridHistory): string {
  const header = [
    'period_utc_hour_ending',
    `period_local_hour_ending_${history.region.zoneAbbr.toLowerCase()}`,
    'demand_mwh',
    'day_ahead_forecast_mwh',
    'net_generation_mwh',
    'total_interchange_mwh',
    ...GRID_FUELS.map((f) => `${f.label.toLowerCase().replace(/\s+/g, '_')}_mwh`),
  ];
  const cell = (v: number | null) => (v === null ? '' : String(v));
  const rows = history.hours.map((h) =>
    [
      h.period,
      isoInZone(h.period, history.region.timeZone),
      cell(h.demand),
      cell(h.forecast),
      cell(h.generation),
      cell(h.interchange),
      ...GRID_FUEL_CODES.map((f) => cell(h.fuels[f])),
    ].join(','),
  );
  return `${[header.join(','), ...rows].join('\r\n')}\r\n`;
}

/** What /grid and /grid/{region} show: the region now, its week, and (for the Lower 48) every region. */
export async function getGridPage(
  code: string,
  now: Date = new Date(),
): Promise<{ region: GridRegion; summary: GridRegionSummary; week: GridHistory; regions: GridRegionSummary[] } | undefined> {
  const region = gridRegionOf(code);
  if (!region) return undefined;
  const lower48 = region.code === LOWER_48;
  const [regions, week] = await Promise.all([lower48 ? listGridRegions(now) : Promise.resolve([]), getGridHistory(region.code, {}, now)]);
  const summary = week.region;
  return { region, summary, week, regions };
}
