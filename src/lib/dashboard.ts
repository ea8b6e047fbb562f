import { fuelColor, OTHER_FUEL } from '@db/catalog/fuels';
import type { EnergyMixEntry } from '@/lib/wire/markets';

/**
 * The dashboard cards' fixed figures and texts, as the product states them. They are examples,
 * not measurements: every place that shows them labels them "Illustrative figures", next
 * to what the stored series give.
 */
export const PRODUCTION_TREND = [
  { month: 'Jan', value: 42000 },
  { month: 'Feb', value: 45000 },
  { month: 'Mar', value: 48000 },
  { month: 'Apr', value: 52000 },
  { month: 'May', value: 49000 },
  { month: 'Jun', value: 55000 },
] as const;

export const VOLATILITY_BY_WEEK = [
  { week: 'Week 1', value: 15.2 },
  { week: 'Week 2', value: 18.7 },
  { week: 'Week 3', value: 22.1 },
  { week: 'Week 4', value: 19.4 },
] as const;

export { FALLBACK_ENERGY_MIX } from '@db/constants';

export const PRICE_CHANGE_TEXT = '+12.4% vs last quarter';
export const VOLATILITY_TEXT = '18.7% 30-day volatility';
export const DEFAULT_RENEWABLE_SHARE = 23.1;

/**
 * The pie's colors: each source's color in the fuel catalog (db/catalog/fuels.ts), so natural
 * gas is the same color here as on the grid, state and report charts; a source the catalog does
 * not know takes the next of the extras, which no fuel uses.
 */
const EXTRA_COLORS = ['#2563eb', '#b91c1c', '#65a30d', '#0f172a'];

export function energyMixColors(mix: EnergyMixEntry[]): string[] {
  let extra = 0;
  return mix.map((m) => fuelColor(m.source) ?? EXTRA_COLORS[extra++ % EXTRA_COLORS.length] ?? OTHER_FUEL.color);
}

/** The renewable share shown beside the pie: the Renewables entry, else 23.1%. */
export function renewableShare(mix: EnergyMixEntry[]): number {
  return mix.find((m) => m.source === 'Renewables')?.percentage ?? DEFAULT_RENEWABLE_SHARE;
}

/** Figures the dashboard cards compute from the stored series, with the line saying where they come from. */
export interface DashboardFigures {
  /** From the stored WTI series; absent when it has too few observations. */
  wti?: {
    latest: { period: string; value: number };
    /** Change of the latest price against the last one at least 91 days older, in percent. */
    quarterChange?: number;
    /** Annualized realized volatility of the last 30 daily log returns, in percent. */
    volatility30d: number;
    /** The same measure for each of the last four weeks (Monday to Sunday) with at least two returns. */
    weekly: { weekStart: string; value: number }[];
    source: string;
  };
  /** US crude oil field production by month, in million barrels per day; absent until an EIA import stored it. */
  production?: { months: { period: string; value: number }[]; source: string };
  /** Where the energy mix comes from; `illustrative` when it is the fixed example mix. */
  energyMix: { source: string; illustrative: boolean };
}

/** Trading days in a year: daily volatility times its square root is the annualized figure. */
export const TRADING_DAYS = 252;
const DAY_MS = 86_400_000;
const round1 = (v: number) => Math.round(v * 10) / 10;

/** The log returns between consecutive values (a non-positive value breaks the chain and is skipped). */
export function logReturns(values: readonly number[]): number[] {
  const returns: number[] = [];
  for (let i = 1; i < values.length; i++) {
    const [previous, current] = [values[i - 1], values[i]];
    if (previous !== undefined && current !== undefined && previous > 0 && current > 0) returns.push(Math.log(current / previous));
  }
  return returns;
}

/**
 * Annualized realized volatility in percent, rounded to a tenth: the sample standard
 * deviation of daily log returns times √252. Undefined for fewer than two returns.
 */
export function annualizedVolatility(returns: readonly number[]): number | undefined {
  if (returns.length < 2) return undefined;
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  return round1(Math.sqrt(variance * TRADING_DAYS) * 100);
}

/** 30-day volatility: annualized realized volatility of the last 30 daily returns (31 observations, oldest first). */
export function thirtyDayVolatility(observations: readonly { value: number }[]): number | undefined {
  const last = observations.slice(-31).map((o) => o.value);
  return last.length === 31 ? annualizedVolatility(logReturns(last)) : undefined;
}

/** Monday of the week of an ISO date, as an ISO date. */
function weekStart(period: string): string {
  const date = new Date(`${period}T00:00:00Z`);
  return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Weekly volatility: each daily return belongs to the week (Monday to Sunday) of its later
 * day; the last `weeks` weeks with at least two returns, oldest first, each annualized.
 */
export function weeklyVolatility(observations: readonly { period: string; value: number }[], weeks = 4): { weekStart: string; value: number }[] {
  const byWeek = new Map<string, number[]>();
  for (let i = 1; i < observations.length; i++) {
    const [previous, current] = [observations[i - 1], observations[i]];
    if (!previous || !current || previous.value <= 0 || current.value <= 0) continue;
    const key = weekStart(current.period);
    byWeek.set(key, [...(byWeek.get(key) ?? []), Math.log(current.value / previous.value)]);
  }
  const result: { weekStart: string; value: number }[] = [];
  for (const [start, returns] of byWeek) {
    const value = annualizedVolatility(returns);
    if (value !== undefined) result.push({ weekStart: start, value });
  }
  return result.sort((a, b) => a.weekStart.localeCompare(b.weekStart)).slice(-weeks);
}

/** Change in percent, to a tenth, of the latest value against the last observation at least `days` days older. */
export function changeOverDays(observations: readonly { period: string; value: number }[], days: number): number | undefined {
  const latest = observations.at(-1);
  if (!latest) return undefined;
  const cutoff = Date.parse(latest.period) - days * DAY_MS;
  const base = observations.findLast((o) => Date.parse(o.period) <= cutoff);
  return base && base.value !== 0 ? round1(((latest.value - base.value) / base.value) * 100) : undefined;
}
