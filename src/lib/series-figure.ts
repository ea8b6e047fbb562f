// What a series chart shows, computed once on the server from the stored observations: its
// lines (the series, those compared with it, a derived spread, EIA's forecast and the futures
// strip), the five-year band of gas storage, its axes, title, source and as-of date. The chart,
// its table, its CSV and its downloads all draw this one figure, so they show the same numbers.
// Pure functions: no server code, no chart code.
import { addDays } from '@db/catalog/days';
import type { FuturesContract } from '@db/catalog/market-series';
import { CADENCE_LABELS, displayUnit, formatAsOf, joinList, seriesSourceLine, type Frequency } from '@/lib/market-format';
import { SERIES_RANGE_NAMES, type FiveYearBand, type Point } from '@/lib/series-stats';
import type { SeriesMeasure, SeriesView } from '@/lib/series-view';
import type { ChartTable } from '@/lib/chart-table';
import { deliveryMonth } from '@/lib/futures-calendar';

/** What a line is: readers are told a forecast or a futures price from a measured one. */
export type LineKind = 'observed' | 'derived' | 'forecast' | 'futures' | 'average';

export interface FigureLine {
  key: string;
  name: string;
  unit: string;
  decimals: number;
  kind: LineKind;
  /** The value axis it is read against: 0 on the left, 1 on the right. */
  axis: 0 | 1;
  /** [period (YYYY-MM-DD), value], oldest first, rounded to `decimals`. */
  points: [string, number][];
  /** The line a forecast or the futures strip continues from (drawn joined to its last point). */
  continues?: string;
}

export interface FigureBand {
  name: string;
  unit: string;
  decimals: number;
  /** [period, minimum, maximum], oldest first. */
  points: [string, number, number][];
}

export interface FigureAxis {
  title: string;
  decimals: number;
}

export interface SeriesFigure {
  title: string;
  subtitle: string;
  /** The latest observed period of the page's series, as readers say it. */
  asOf: string;
  /** Where every line comes from, and how recent: the chart's source line. */
  source: string;
  /** Said under the chart: a measure changed, a line left out. */
  notes: string[];
  /** Seeded illustrative history, not EIA figures. */
  sample: boolean;
  /** The measure drawn (the one asked for, unless the units forbid it). */
  measure: SeriesMeasure;
  axes: FigureAxis[];
  lines: FigureLine[];
  band: FigureBand | null;
  /** Whether the periods are months (the table says "August 2026"), else days. */
  monthly: boolean;
}

/** A stored series (or a derived one) as the figure reads it. */
export interface FigureSeriesInput {
  slug: string;
  name: string;
  unit: string;
  decimals: number;
  frequency: Frequency;
  /** Its observations oldest first, reaching a year before the range for the change from a year before. */
  points: readonly Point[];
  /** Where its figures come from: each stored series' name and `source` (`seed` or an EIA route). */
  sources: readonly { name: string; source: string }[];
  /** Computed from two series (a spread): it crosses zero, so it is only drawn as a level. */
  derived?: boolean;
  /** EIA stopped publishing it: what readers are told under its chart. */
  ended?: string;
}

export interface FigureInput {
  slug: string;
  view: SeriesView;
  /** The range's first day; undefined for all of it. */
  start: string | undefined;
  main: FigureSeriesInput;
  compared: readonly FigureSeriesInput[];
  /** EIA's outlook of the page's series, if the catalog has one. */
  forecast: FigureSeriesInput | undefined;
  /** The futures contracts on the page's series, if any. */
  futures: readonly { contract: FuturesContract; series: FigureSeriesInput }[];
  /** Gas storage's five-year range of each charted week; empty for other series. */
  band: readonly FiveYearBand[];
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const DAY_MS = 86_400_000;
const dayNumber = (period: string) => Math.round(Date.parse(`${period}T00:00:00Z`) / DAY_MS);

/** The value a year before `period` (the same month; for days and weeks, the last observation within a week before the date a year back). */
function yearBefore(points: readonly Point[], period: string, frequency: Frequency): number | undefined {
  const target = frequency === 'monthly' ? `${Number(period.slice(0, 4)) - 1}${period.slice(4)}` : addDays(period, -364);
  let lo = 0;
  let hi = points.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((points[mid]?.period ?? '') <= target) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const p = points[found];
  if (!p) return undefined;
  if (frequency === 'monthly') return p.period === target ? p.value : undefined;
  return dayNumber(target) - dayNumber(p.period) <= 7 ? p.value : undefined;
}

/** A line's points in the range, in the measure: as shown (thousands as millions), rebased, or the change from a year before. */
function measured(
  series: FigureSeriesInput,
  start: string | undefined,
  measure: SeriesMeasure,
): { unit: string; decimals: number; points: [string, number][] } {
  const inRange = start ? series.points.filter((p) => p.period >= start) : [...series.points];
  if (measure === 'index') {
    const base = inRange[0]?.value;
    if (!base) return { unit: 'index', decimals: 1, points: [] };
    return { unit: 'index', decimals: 1, points: inRange.map((p) => [p.period, round((p.value / base) * 100, 1)]) };
  }
  if (measure === 'yoy') {
    const points: [string, number][] = [];
    for (const p of inRange) {
      const before = yearBefore(series.points, p.period, series.frequency);
      if (before) points.push([p.period, round((p.value / before - 1) * 100, 1)]);
    }
    return { unit: '%', decimals: 1, points };
  }
  const shown = displayUnit(series.unit, series.decimals);
  // Shown in a larger unit (thousands as millions), a figure keeps every digit stored: 421,345 thousand barrels is 421.345 million.
  const kept = series.decimals + Math.round(Math.log10(shown.factor));
  return { unit: shown.unit, decimals: shown.decimals, points: inRange.map((p) => [p.period, round(p.value / shown.factor, kept)]) };
}

/**
 * How many times larger one line's figures are than another's for it to be read on an axis of
 * its own though both share a unit: Brent (about $80) beside the WTI–Brent spread (about −$4)
 * would draw the spread as a flat line on Brent's axis.
 */
export const OWN_AXIS_RATIO = 4;

/** The largest size of a line's figures (0 for none). */
const magnitude = (points: readonly [string, number][]) => points.reduce((m, [, v]) => Math.max(m, Math.abs(v)), 0);

/**
 * The most of a chart's width EIA's forecast and the futures strip may take after the latest
 * figure: a fifth. A range asks for history; what lies further ahead is left out (and said).
 */
export const OUTLOOK_SHARE = 0.2;

/** The last day an outlook may reach: the latest figure plus OUTLOOK_SHARE of the whole width, the history being the rest. */
function outlookHorizon(first: string, last: string): string {
  const history = dayNumber(last) - dayNumber(first);
  return addDays(last, Math.max(0, Math.floor((history * OUTLOOK_SHARE) / (1 - OUTLOOK_SHARE))));
}

/** The futures strip on the latest day contract 1 settled: each contract's settlement at its delivery month. */
function futuresStrip(of: string, futures: FigureInput['futures']): { day: string; points: [string, number][] } | undefined {
  if (of !== 'wti' && of !== 'henry-hub') return undefined;
  const day = futures.find((f) => f.contract === 1)?.series.points.at(-1)?.period;
  if (!day) return undefined;
  const points: [string, number][] = [];
  for (const f of futures) {
    const settled = f.series.points.findLast((p) => p.period === day);
    if (settled) points.push([deliveryMonth(of, day, f.contract), round(settled.value, f.series.decimals)]);
  }
  return points.length > 0 ? { day, points: points.sort((a, b) => a[0].localeCompare(b[0])) } : undefined;
}

const MEASURE_AXIS: Record<Exclude<SeriesMeasure, 'level'>, string> = {
  index: 'Index (first observation = 100)',
  yoy: '% change from a year earlier',
};

/** The figure of a series view: every line in its measure, the band, the axes and the words around them. */
export function buildSeriesFigure(input: FigureInput): SeriesFigure {
  const { view, start, main } = input;
  const notes: string[] = main.ended ? [main.ended] : [];
  const all = [main, ...input.compared];
  const units = [...new Set(all.map((s) => displayUnit(s.unit, s.decimals).unit))];
  let measure = view.measure;
  if (measure === 'level' && units.length > 2) {
    measure = 'index';
    notes.push(
      `The lines are in ${units.length} different units, more than two axes can show: each is rebased to 100 at its first observation in the range.`,
    );
  }
  const lines: FigureLine[] = [];
  for (const series of all) {
    const derived = series.derived === true;
    if (derived && measure !== 'level') {
      notes.push(`The ${series.name} is shown only as a level: it crosses zero, so it cannot be rebased or compared with a year before.`);
      continue;
    }
    const m = measured(series, start, measure);
    lines.push({
      key: series.slug,
      name: series.name,
      unit: m.unit,
      decimals: m.decimals,
      kind: derived ? 'derived' : 'observed',
      axis: measure === 'level' && units.indexOf(m.unit) === 1 ? 1 : 0,
      points: m.points,
    });
  }
  // Lines in one unit but of very different sizes: those far from the page's series' size are read on the right axis.
  let scaleAxis: string | undefined;
  const mainSize = magnitude(lines[0]?.points ?? []);
  if (measure === 'level' && units.length === 1 && mainSize > 0) {
    const apart = lines.slice(1).filter((l) => {
      const size = magnitude(l.points);
      return size > 0 && (size * OWN_AXIS_RATIO <= mainSize || size >= mainSize * OWN_AXIS_RATIO);
    });
    for (const l of apart) l.axis = 1;
    if (apart.length > 0) scaleAxis = `${apart[0]?.unit ?? ''} (${joinList(apart.map((l) => l.name))})`;
  }
  const last = lines[0]?.points.at(-1)?.[0];
  const horizon = last && lines[0]?.points[0] ? outlookHorizon(lines[0].points[0][0], last) : undefined;
  const beyond = (period: string) => horizon !== undefined && period > horizon;
  // Only the lines that draw something say where it comes from (a seeded series left empty is no sample).
  const sources = all.flatMap((s) => (s.points.length > 0 ? s.sources : []));
  let band: FigureBand | null = null;
  if (measure === 'level') {
    const shown = displayUnit(main.unit, main.decimals);
    const inRange = input.band.filter((b) => !start || b.period >= start);
    if (inRange.length > 0) {
      const value = (v: number) => round(v / shown.factor, shown.decimals);
      band = {
        name: 'Five-year range',
        unit: shown.unit,
        decimals: shown.decimals,
        points: inRange.map((b) => [b.period, value(b.min), value(b.max)]),
      };
      lines.push({
        key: 'five-year-average',
        name: 'Five-year average',
        unit: shown.unit,
        decimals: shown.decimals,
        kind: 'average',
        axis: 0,
        points: inRange.map((b) => [b.period, round(b.average / shown.factor, shown.decimals)]),
      });
    }
    if (view.outlook && last) {
      const forecast = input.forecast;
      const after = forecast?.points.filter((p) => p.period.slice(0, 7) > last.slice(0, 7)) ?? [];
      const ahead = after.filter((p) => !beyond(p.period));
      const lastAhead = after.at(-1);
      if (forecast && lastAhead && ahead.length < after.length)
        notes.push(
          ahead.length > 0
            ? `EIA’s forecast runs to ${formatAsOf(lastAhead.period, 'monthly')}: this range shows its first ${ahead.length === 1 ? 'month' : `${ahead.length} months`}, so the history keeps most of the chart. Longer ranges show more of it.`
            : `EIA’s forecast (from ${formatAsOf(after[0]?.period ?? lastAhead.period, 'monthly')} to ${formatAsOf(lastAhead.period, 'monthly')}) reaches beyond this range: longer ranges show it.`,
        );
      if (forecast && ahead.length > 0) {
        lines.push({
          key: forecast.slug,
          name: `${main.name}: EIA forecast (STEO)`,
          unit: shown.unit,
          decimals: shown.decimals,
          kind: 'forecast',
          axis: 0,
          points: ahead.map((p) => [p.period, round(p.value / shown.factor, shown.decimals)]),
          continues: main.slug,
        });
        sources.push(...forecast.sources);
      }
      const whole = futuresStrip(main.slug, input.futures);
      const strip = whole && { ...whole, points: whole.points.filter(([p]) => !beyond(p)) };
      if (whole && strip && strip.points.length < whole.points.length)
        notes.push(
          strip.points.length > 0
            ? `The futures strip shows the ${strip.points.length === 1 ? 'nearest contract' : `nearest ${strip.points.length} contracts`} of ${whole.points.length} in this range; longer ranges show them all.`
            : 'The futures strip reaches beyond this range: longer ranges show it.',
        );
      if (strip && strip.points.length > 0) {
        lines.push({
          key: `${main.slug}-futures`,
          name: `${main.name}: NYMEX futures, settled ${formatAsOf(strip.day)}`,
          unit: shown.unit,
          decimals: Math.max(...input.futures.map((f) => f.series.decimals)),
          kind: 'futures',
          axis: 0,
          points: strip.points,
          continues: main.slug,
        });
        sources.push(...input.futures.flatMap((f) => f.series.sources));
      }
    }
  }
  const asOf = last ? formatAsOf(last, main.frequency) : '';
  const sample = sources.some((s) => !s.source.startsWith('eia:'));
  const others = lines.filter((l) => l.key !== main.slug && (l.kind === 'observed' || l.kind === 'derived')).map((l) => l.name);
  const measureText =
    measure === 'level'
      ? `in ${joinList([...new Set(lines.map((l) => l.unit))])}`
      : measure === 'index'
        ? 'rebased to 100 at the first observation'
        : 'change from a year earlier, %';
  const outlookText = lines.some((l) => l.kind === 'forecast' || l.kind === 'futures')
    ? `; ${joinList([
        ...(lines.some((l) => l.kind === 'forecast') ? ['EIA’s forecast (dashed)'] : []),
        ...(lines.some((l) => l.kind === 'futures') ? ['the NYMEX futures strip (dotted)'] : []),
      ])} after the latest figure`
    : '';
  return {
    title: others.length > 0 ? `${main.name} compared with ${joinList(others)}` : main.name,
    subtitle: `${CADENCE_LABELS[main.frequency]}, ${SERIES_RANGE_NAMES[view.range]}, ${measureText}${outlookText}`,
    asOf,
    source: sources.length > 0 ? seriesSourceLine(uniqueSources(sources), asOf) : 'No figures stored yet.',
    notes,
    sample,
    measure,
    axes:
      measure !== 'level'
        ? [{ title: MEASURE_AXIS[measure], decimals: 1 }]
        : scaleAxis
          ? [0, 1].map((axis) => ({
              title: axis === 0 ? (units[0] ?? '') : (scaleAxis ?? ''),
              decimals: lines.find((l) => l.axis === axis)?.decimals ?? 2,
            }))
          : units.filter((u) => lines.some((l) => l.unit === u)).map((u) => ({ title: u, decimals: lines.find((l) => l.unit === u)?.decimals ?? 2 })),
    lines,
    band,
    monthly: main.frequency === 'monthly' && input.compared.every((s) => s.frequency === 'monthly'),
  };
}

function uniqueSources(sources: readonly { name: string; source: string }[]): { name: string; source: string }[] {
  const seen = new Map<string, { name: string; source: string }>();
  for (const s of sources) if (!seen.has(`${s.name}|${s.source}`)) seen.set(`${s.name}|${s.source}`, s);
  return [...seen.values()];
}

/**
 * The figure's table: a row per period, a column per line (and the band's minimum and maximum),
 * each value as the chart draws it; what the table view shows and the CSV holds.
 */
export function seriesFigureTable(figure: SeriesFigure): ChartTable {
  const columns: { name: string; decimals: number; values: Map<string, number> }[] = figure.lines.map((l) => ({
    name: `${l.name} (${l.unit})`,
    decimals: l.decimals,
    values: new Map(l.points),
  }));
  if (figure.band) {
    const { band } = figure;
    columns.push(
      { name: `Five-year minimum (${band.unit})`, decimals: band.decimals, values: new Map(band.points.map(([p, min]) => [p, min])) },
      { name: `Five-year maximum (${band.unit})`, decimals: band.decimals, values: new Map(band.points.map(([p, , max]) => [p, max])) },
    );
  }
  const periods = [...new Set(columns.flatMap((c) => [...c.values.keys()]))].sort();
  return {
    columns: [figure.monthly ? 'Month' : 'Date', ...columns.map((c) => c.name)],
    rows: periods.map((p) => [p, ...columns.map((c) => c.values.get(p) ?? null)]),
    decimals: [null, ...columns.map((c) => c.decimals)],
    dates: figure.monthly ? 'month' : 'day',
  };
}
