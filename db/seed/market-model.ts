// The sample market history a fresh install shows until the EIA import replaces it: a small
// model of the market, so that no figure contradicts another. Brent trades a few dollars over
// WTI; retail gasoline and diesel follow crude with a lag of about two weeks; natural gas and
// electricity swing with the seasons; storage fills from April to November. Each series holds
// what EIA's releases would have published by the day: daily prices on US business days up to
// the last one before today, weekly and monthly figures up to the period of the latest release
// that updates them (`releases` in the catalog), so monthly production and electricity end
// about two months back. Deterministic: every path starts at ORIGIN from a PRNG seeded by its
// name, so a day's figure is the same whatever day the seed runs.
import { addDays, dayTime, isBusinessDay, isoDay, previousBusinessDay, weekday } from '../catalog/days.ts';
import { MARKET_SERIES, type MarketSeriesSlug } from '../catalog/market-series.ts';
import { latestReleasedPeriod } from '../catalog/releases.ts';

export interface Observation {
  period: string;
  value: number;
}

/** Where every path starts (a Friday): long enough before any install for the paths to have settled. */
const ORIGIN = '2015-01-02';
/** Observations kept per series, by cadence: a year and a half of prices, six years of weeks and months (storage's five-year range needs them). */
const KEPT = { daily: 400, weekly: 320, monthly: 72 } as const;
const YEAR_DAYS = 365.25;

/** Small deterministic PRNG (mulberry32) seeded by a name, with standard normal draws. */
function normals(name: string): () => number {
  let a = [...name].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16_777_619) >>> 0, 2_166_136_261);
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

/**
 * An AR(1) noise path, one value per step: each step keeps `keep` of the last value and adds a
 * normal shock of `sd` (a mean-reverting wander around zero).
 */
function noise(name: string, steps: number, keep: number, sd: number): number[] {
  const draw = normals(name);
  const out: number[] = [];
  let x = 0;
  for (let i = 0; i < steps; i++) {
    x = keep * x + sd * draw();
    out.push(x);
  }
  return out;
}

/** A yearly cosine swing of `amplitude` peaking on day-of-year `peakDay`. */
function season(day: string, amplitude: number, peakDay: number): number {
  const doy = (dayTime(day) - Date.UTC(Number(day.slice(0, 4)), 0, 1)) / 86_400_000;
  return amplitude * Math.cos(((doy - peakDay) / YEAR_DAYS) * 2 * Math.PI);
}

/** Years from ORIGIN to `day`. */
const yearsSinceOrigin = (day: string) => (dayTime(day) - dayTime(ORIGIN)) / (YEAR_DAYS * 86_400_000);

/**
 * Working gas in storage along the year: lowest (1,850 Bcf) at the end of March, filling to
 * its highest (3,850 Bcf) in early November over about seven months, drawn down over five.
 */
function storageCurve(day: string): number {
  const [low, high, lowDay, highDay] = [1_850, 3_850, 88, 310];
  const doy = (dayTime(day) - Date.UTC(Number(day.slice(0, 4)), 0, 1)) / 86_400_000;
  const since = (((doy - lowDay) % YEAR_DAYS) + YEAR_DAYS) % YEAR_DAYS;
  const filling = highDay - lowDay;
  const part = since <= filling ? since / filling : 1 + (since - filling) / (YEAR_DAYS - filling);
  return low + ((high - low) * (1 - Math.cos(Math.PI * part))) / 2;
}

/** Every calendar day from ORIGIN to `end`, both included. */
function calendarDays(end: string): string[] {
  const days: string[] = [];
  for (let d = ORIGIN; d <= end; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The days of one weekday (0 Sunday) from ORIGIN to `end`. */
function weeklyDays(end: string, dow: number): string[] {
  const days: string[] = [];
  for (let d = addDays(ORIGIN, (dow - weekday(ORIGIN) + 7) % 7); d <= end; d = addDays(d, 7)) days.push(d);
  return days;
}

/** The first days of the months from ORIGIN's to `end`'s. */
function monthlyDays(end: string): string[] {
  const days: string[] = [];
  for (let m = 0; ; m++) {
    const day = isoDay(Date.UTC(Number(ORIGIN.slice(0, 4)), m, 1));
    if (day > end) return days;
    days.push(day);
  }
}

/** The model's daily paths over calendar days: crude (WTI), the Brent premium over it, and Henry Hub. */
function dailyPaths(end: string) {
  const days = calendarDays(end);
  const [crudeShock, spreadShock, gasShock] = [normals('crude'), normals('brent-wti'), normals('henry-hub')];
  const wti = new Map<string, number>();
  const brent = new Map<string, number>();
  const gas = new Map<string, number>();
  // Log prices pulled back toward their level: crude's half-life about half a year, gas's two
  // months around a winter peak; the Brent premium wanders between $1.20 and $8 around $3.90.
  let crude = Math.log(72);
  let spread = 3.9;
  let logGas = Math.log(3.2);
  for (const day of days) {
    crude += 0.004 * (Math.log(72) - crude) + 0.015 * crudeShock();
    spread = Math.min(8, Math.max(1.2, spread + 0.03 * (3.9 - spread) + 0.12 * spreadShock()));
    logGas += 0.01 * (Math.log(3.2) + season(day, 0.15, 20) - logGas) + 0.03 * gasShock();
    wti.set(day, Math.exp(crude));
    brent.set(day, Math.exp(crude) + spread);
    gas.set(day, Math.max(1.5, Math.exp(logGas)));
  }
  /** WTI's average over the 14 days before `day`: what the pump price follows. */
  const crudeBefore = (day: string) => {
    let sum = 0;
    for (let k = 1; k <= 14; k++) sum += wti.get(addDays(day, -k)) ?? Number.NaN;
    return sum / 14;
  };
  return { wti, brent, gas, crudeBefore };
}

/**
 * A catalog series in the model: its observation days up to a day, the AR(1) noise around its
 * level (`keep` of the last value plus a normal shock of `sd` a step), and its value on a day.
 */
interface SeriesModel {
  days: (last: string) => string[];
  noise?: { keep: number; sd: number };
  value: (day: string, noise: number) => number;
}

/** Each catalog series in the model (`end`: the last day the daily paths reach). */
function model(end: string): Record<MarketSeriesSlug, SeriesModel> {
  const paths = dailyPaths(end);
  const businessDays = (last: string) => calendarDays(last).filter(isBusinessDay);
  const fridays = (last: string) => weeklyDays(last, 5);
  const mondays = (last: string) => weeklyDays(last, 1);
  const on = (path: Map<string, number>) => (day: string) => path.get(day) ?? Number.NaN;
  return {
    wti: { days: businessDays, value: on(paths.wti) },
    brent: { days: businessDays, value: on(paths.brent) },
    'henry-hub': { days: businessDays, value: on(paths.gas) },
    // Crude at $72 makes about $3.23 a gallon at the pump; gasoline is dearer in summer, diesel in winter.
    gasoline: { days: mondays, noise: { keep: 0.7, sd: 0.02 }, value: (d, x) => paths.crudeBefore(d) / 42 + 1.52 + season(d, 0.14, 160) + x },
    diesel: { days: mondays, noise: { keep: 0.7, sd: 0.02 }, value: (d, x) => paths.crudeBefore(d) / 42 + 2.02 + season(d, 0.08, 20) + x },
    // Residential prices rise about 2.8% a year and peak with summer demand.
    electricity: {
      days: monthlyDays,
      noise: { keep: 0.5, sd: 0.08 },
      value: (d, x) => 12.6 * 1.028 ** yearsSinceOrigin(d) + season(d, 0.55, 200) + x,
    },
    'crude-production': {
      days: monthlyDays,
      noise: { keep: 0.6, sd: 60 },
      value: (d, x) => 9_300 + 4_300 * (1 - Math.exp(-yearsSinceOrigin(d) / 3)) + x,
    },
    // Crude stocks build in spring and draw in summer; distillate stocks build into the heating season.
    'crude-inventories': { days: fridays, noise: { keep: 0.92, sd: 3_000 }, value: (d, x) => 420_000 + season(d, 14_000, 115) + x },
    'cushing-stocks': { days: fridays, noise: { keep: 0.95, sd: 1_100 }, value: (_, x) => Math.min(60_000, Math.max(20_000, 32_000 + x)) },
    'gas-storage': { days: fridays, noise: { keep: 0.95, sd: 18 }, value: (d, x) => storageCurve(d) + x },
    'distillate-inventories': { days: fridays, noise: { keep: 0.9, sd: 1_800 }, value: (d, x) => 122_000 + season(d, 9_000, 330) + x },
  };
}

/** The US Eastern day of an instant (EIA's days). */
export function easternDay(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/**
 * The last period each series can hold on `today`: the last business day before it for daily
 * prices (today's are not out yet), else the period of the latest of its releases out before today.
 */
export function latestSamplePeriod(slug: MarketSeriesSlug, today: string): string {
  const facts = MARKET_SERIES.find((s) => s.slug === slug);
  if (!facts || facts.frequency === 'daily') return previousBusinessDay(addDays(today, -1));
  return latestReleasedPeriod(facts.releases, today) ?? addDays(today, -1);
}

/** The sample history of every catalog series at `now`, oldest first, rounded to each series' decimals. */
export function sampleMarketHistory(now: Date): Map<MarketSeriesSlug, Observation[]> {
  const today = easternDay(now);
  const paths = model(addDays(today, -1));
  const out = new Map<MarketSeriesSlug, Observation[]>();
  for (const facts of MARKET_SERIES) {
    const series = paths[facts.slug];
    const days = series.days(latestSamplePeriod(facts.slug, today));
    const shocks = series.noise ? noise(facts.slug, days.length, series.noise.keep, series.noise.sd) : [];
    const factor = 10 ** facts.decimals;
    const observations = days.map((period, step) => ({ period, value: Math.round(series.value(period, shocks[step] ?? 0) * factor) / factor }));
    out.set(facts.slug, observations.slice(-KEPT[facts.frequency]));
  }
  return out;
}
