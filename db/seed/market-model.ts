// The sample market history a fresh install shows until the EIA import replaces it: a small
// model of the market, so that no figure contradicts another. Brent trades a few dollars over
// WTI; retail gasoline and diesel follow crude with a lag of about two weeks; natural gas and
// electricity swing with the seasons; storage fills from April to November. Each series holds
// what EIA's releases would have published by the day: daily prices on US business days up to
// the last one before today, weekly and monthly figures up to the period of the latest release
// that updates them (`releases` in the catalog), so monthly production and electricity end
// about two months back. Deterministic: every path starts at ORIGIN from a PRNG seeded by its
// name, so a day's figure is the same whatever day the seed runs. The look ahead is modeled too:
// futures contracts settle at what the model expects the price to be at their delivery, and
// EIA's outlook (STEO) is the monthly average of the path up to its issue, then the model's
// expectation from the issue day on, through December of the next year; like EIA's, a forecast
// month is revised with each outlook, while history stays as it was. A series EIA stopped
// (`ended` in the catalog) ends on its last day, as EIA's did.
import { addDays, dayTime, daysBetween, isBusinessDay, isoDay, previousBusinessDay, weekday } from '../catalog/days.ts';
import { FUTURES_CONTRACTS, MARKET_SERIES, type FuturesContract, type MarketSeriesFacts, type MarketSeriesSlug } from '../catalog/market-series.ts';
import { latestReleasedPeriod, releaseDaysBetween } from '../catalog/releases.ts';
import { mulberry32 } from './random.ts';

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
  const uniform = mulberry32([...name].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16_777_619) >>> 0, 2_166_136_261));
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

/** Crude's and gas's long-run log levels and the share of a deviation from them kept each day. */
const CRUDE_LEVEL = Math.log(72);
const CRUDE_KEEP = 0.996;
const GAS_LEVEL = Math.log(3.2);
const GAS_KEEP = 0.99;
const SPREAD_LEVEL = 3.9;
const SPREAD_KEEP = 0.97;
const gasSeason = (day: string) => season(day, 0.15, 20);

/** The model's daily paths over calendar days: crude (WTI), the Brent premium over it, and Henry Hub. */
function dailyPaths(end: string) {
  const days = calendarDays(end);
  const [crudeShock, spreadShock, gasShock] = [normals('crude'), normals('brent-wti'), normals('henry-hub')];
  const wti = new Map<string, number>();
  const brent = new Map<string, number>();
  const gas = new Map<string, number>();
  // Log prices pulled back toward their level: crude's half-life about half a year, gas's two
  // months around a winter peak; the Brent premium wanders between $1.20 and $8 around $3.90.
  let crude = CRUDE_LEVEL;
  let spread = 3.9;
  let logGas = GAS_LEVEL;
  for (const day of days) {
    crude += (1 - CRUDE_KEEP) * (CRUDE_LEVEL - crude) + 0.015 * crudeShock();
    spread = Math.min(8, Math.max(1.2, spread + (1 - SPREAD_KEEP) * (SPREAD_LEVEL - spread) + 0.12 * spreadShock()));
    logGas += (1 - GAS_KEEP) * (GAS_LEVEL + gasSeason(day) - logGas) + 0.03 * gasShock();
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
  /**
   * What the model expects a price to be `ahead` days after `day` (a day the paths reach), given
   * the paths then: each deviation from its level (gas's includes the season) decays as the
   * model's own reversion does.
   */
  const expected = (kind: 'wti' | 'brent' | 'gas', day: string, ahead: number): number => {
    const crudeAhead = Math.exp(CRUDE_LEVEL + (Math.log(wti.get(day) ?? Number.NaN) - CRUDE_LEVEL) * CRUDE_KEEP ** ahead);
    if (kind === 'wti') return crudeAhead;
    if (kind === 'brent')
      return crudeAhead + SPREAD_LEVEL + ((brent.get(day) ?? Number.NaN) - (wti.get(day) ?? Number.NaN) - SPREAD_LEVEL) * SPREAD_KEEP ** ahead;
    const deviation = Math.log(gas.get(day) ?? Number.NaN) - GAS_LEVEL - gasSeason(day);
    return Math.exp(GAS_LEVEL + gasSeason(addDays(day, ahead)) + deviation * GAS_KEEP ** ahead);
  };
  return { wti, brent, gas, crudeBefore, expected };
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

/** Days from a trade day to the middle of the delivery month of NYMEX contract `n` (about a month a contract). */
const DELIVERY_DAYS = (n: FuturesContract) => 30 * n;

/** The day of the outlook (STEO) in force on `today`: the latest one out before it. */
function outlookIssueDay(today: string): string {
  return (
    releaseDaysBetween(addDays(today, -45), addDays(today, -1))
      .filter((r) => r.kind === 'steo')
      .at(-1)?.day ?? addDays(today, -1)
  );
}

/** The last month an outlook issued on `issue` reaches: December of the next year. */
export function outlookHorizon(issue: string): string {
  return `${Number(issue.slice(0, 4)) + 1}-12-01`;
}

/**
 * An outlook of a monthly average issued on `issue`: months before the issue's month are the
 * average of `daily` over the month; later months `forecast(month)`.
 */
function outlookValue(month: string, issue: string, daily: (day: string) => number | undefined, forecast: (month: string) => number): number {
  if (month >= issue.slice(0, 7)) return forecast(month);
  const values: number[] = [];
  for (let d = month; d.slice(0, 7) === month.slice(0, 7); d = addDays(d, 1)) {
    const v = daily(d);
    if (v !== undefined) values.push(v);
  }
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** Each catalog series in the model (`end`: the last day the daily paths reach). */
function model(end: string): Record<MarketSeriesSlug, SeriesModel> {
  const paths = dailyPaths(end);
  const businessDays = (last: string) => calendarDays(last).filter(isBusinessDay);
  const fridays = (last: string) => weeklyDays(last, 5);
  const mondays = (last: string) => weeklyDays(last, 1);
  const on = (path: Map<string, number>) => (day: string) => path.get(day) ?? Number.NaN;
  const issue = outlookIssueDay(addDays(end, 1));
  // The outlook starts from the price of the last business day before its issue, and aims at mid-month.
  const priced = previousBusinessDay(issue);
  const outlookMonths = () => monthlyDays(outlookHorizon(issue));
  const outlook = (kind: 'wti' | 'brent' | 'gas'): SeriesModel => ({
    days: outlookMonths,
    value: (month) =>
      outlookValue(
        month,
        issue,
        (d) => (isBusinessDay(d) ? paths[kind].get(d) : undefined),
        (m) => paths.expected(kind, priced, daysBetween(priced, addDays(m, 14))),
      ),
  });
  const strip = <S extends 'wti' | 'henry-hub'>(of: S, kind: 'wti' | 'gas') =>
    Object.fromEntries(
      FUTURES_CONTRACTS.map((n): [string, SeriesModel] => [
        `${of}-futures-${n}`,
        { days: businessDays, value: (d) => paths.expected(kind, d, DELIVERY_DAYS(n)) },
      ]),
    ) as Record<`${S}-futures-${FuturesContract}`, SeriesModel>;
  const residential = (d: string) => 12.6 * 1.028 ** yearsSinceOrigin(d) + season(d, 0.55, 200);
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
      value: (d, x) => residential(d) + x,
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
    'wti-steo': outlook('wti'),
    'brent-steo': outlook('brent'),
    'henry-hub-steo': outlook('gas'),
    // Residential prices follow their trend and season: the outlook is the model without its noise.
    'electricity-steo': { days: outlookMonths, value: (month) => residential(month) },
    ...strip('wti', 'wti'),
    ...strip('henry-hub', 'gas'),
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
  const facts: MarketSeriesFacts | undefined = MARKET_SERIES.find((s) => s.slug === slug);
  const latest = latestPublishedPeriod(facts, today);
  // A series EIA stopped ends where EIA's did: no sample figure past it.
  return facts?.ended && facts.ended.on < latest ? facts.ended.on : latest;
}

/** The last period a series EIA still published would hold on `today`. */
function latestPublishedPeriod(facts: MarketSeriesFacts | undefined, today: string): string {
  if (facts?.outlook?.kind === 'forecast') return outlookHorizon(outlookIssueDay(today));
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
