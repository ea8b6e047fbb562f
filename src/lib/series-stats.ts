// Figures computed from a series' observations: what a series page shows for its chosen
// range, and the five-year range the gas storage report is read against. Pure functions.

export interface Point {
  period: string;
  value: number;
}

/** The ranges a series page offers, and how many days back each reaches (Max: all of it). */
export const SERIES_RANGES = ['1m', '6m', '1y', '5y', 'max'] as const;
export type SeriesRange = (typeof SERIES_RANGES)[number];
export const SERIES_RANGE_LABELS: Record<SeriesRange, string> = { '1m': '1M', '6m': '6M', '1y': '1Y', '5y': '5Y', max: 'Max' };
export const SERIES_RANGE_NAMES: Record<SeriesRange, string> = {
  '1m': 'one month',
  '6m': 'six months',
  '1y': 'one year',
  '5y': 'five years',
  max: 'all stored history',
};
const RANGE_MONTHS: Record<Exclude<SeriesRange, 'max'>, number> = { '1m': 1, '6m': 6, '1y': 12, '5y': 60 };

/** The first day (YYYY-MM-DD) a range reaches back to from the latest period; undefined for Max. */
export function rangeStart(range: SeriesRange, latest: string): string | undefined {
  if (range === 'max') return undefined;
  const d = new Date(`${latest}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - RANGE_MONTHS[range]);
  return d.toISOString().slice(0, 10);
}

export interface RangeStats {
  first: Point;
  latest: Point;
  high: Point;
  low: Point;
  average: number;
  /** Latest minus first, and in percent of the first (undefined when the first is zero). */
  change: number;
  changePercent: number | undefined;
}

/** Latest value, change over the range, high, low and average of points oldest first; undefined when empty. */
export function rangeStats(points: readonly Point[]): RangeStats | undefined {
  const first = points[0];
  const latest = points.at(-1);
  if (!first || !latest) return undefined;
  let high = first;
  let low = first;
  let sum = 0;
  for (const p of points) {
    if (p.value > high.value) high = p;
    if (p.value < low.value) low = p;
    sum += p.value;
  }
  const change = latest.value - first.value;
  return {
    first,
    latest,
    high,
    low,
    average: sum / points.length,
    change,
    changePercent: first.value === 0 ? undefined : (change / first.value) * 100,
  };
}

export interface FiveYearBand {
  period: string;
  min: number;
  max: number;
  average: number;
}

const DAY_MS = 86_400_000;

/**
 * For each of `periods`, the minimum, maximum and average of the same week in each of the
 * previous five years (the observation within three days of 52, 104, … 260 weeks before),
 * as EIA reads the storage report. A week without all five years is left out.
 */
export function fiveYearRange(periods: readonly string[], history: readonly Point[]): FiveYearBand[] {
  const byDay = new Map<number, number>();
  for (const p of history) byDay.set(Math.round(Date.parse(`${p.period}T00:00:00Z`) / DAY_MS), p.value);
  const bands: FiveYearBand[] = [];
  for (const period of periods) {
    const day = Math.round(Date.parse(`${period}T00:00:00Z`) / DAY_MS);
    const values: number[] = [];
    for (let year = 1; year <= 5; year++) {
      const target = day - year * 364;
      for (const offset of [0, -1, 1, -2, 2, -3, 3]) {
        const value = byDay.get(target + offset);
        if (value !== undefined) {
          values.push(value);
          break;
        }
      }
    }
    if (values.length < 5) continue;
    bands.push({ period, min: Math.min(...values), max: Math.max(...values), average: values.reduce((a, b) => a + b, 0) / values.length });
  }
  return bands;
}
