// Reader-facing text for market figures: numbers, values with their unit, changes, as-of
// dates, source lines. The site's one number format: every page, island, feed and mail that
// shows a market figure formats it here (en-US digits, a true minus sign "−", a value's unit
// said once). Kept apart from format.ts on purpose: islands that show market figures import
// this module, and format.ts is a chunk every page with comments loads.
import { isEiaSource } from '@/lib/energy';

export type Frequency = 'daily' | 'weekly' | 'monthly';
export type ChangeType = 'positive' | 'negative' | 'neutral';

/** How a series' cadence is said on cards and pages. */
export const CADENCE_LABELS: Readonly<Record<Frequency, string>> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

/** The minus sign (U+2212) negative figures are written with, never a hyphen. */
export const MINUS = '\u2212';

// Marked pure, so a bundle that uses nothing of this module leaves it out.
const day = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const month = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * An observation's period as readers say it: "Nov 21, 2026" for a day or week, "August 2026" for a
 * month. Without a frequency, a `YYYY-MM` period is a month and any other a day.
 */
export function formatAsOf(period: string, frequency: Frequency = period.length === 7 ? 'monthly' : 'daily'): string {
  const date = new Date(`${period.length === 7 ? `${period}-01` : period}T00:00:00Z`);
  return (frequency === 'monthly' ? month : day).format(date);
}

/** Whether a text is an ISO calendar date or month (`2025-03-05`, `2025-03`): a period `formatAsOf` reads. */
export function isPeriod(text: string): boolean {
  return /^\d{4}-\d{2}(-\d{2})?$/.test(text);
}

const numberFormats = new Map<number, Intl.NumberFormat>();
/** One formatter per number of decimals (`toLocaleString` with options builds a new one on every call). */
function numberFormat(decimals: number): Intl.NumberFormat {
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(decimals, format);
  }
  return format;
}

/** A number with exactly `decimals` decimals, grouped, negative with a minus sign: "1,234.50", "−0.40". */
export function formatNumber(value: number, decimals: number): string {
  const text = numberFormat(decimals).format(Math.abs(value));
  // A value that rounds to zero is written without a sign.
  return value < 0 && /[1-9]/.test(text) ? `${MINUS}${text}` : text;
}

/**
 * A value rounded exactly as `formatNumber` writes it (Intl's rounding of the double's decimal
 * value, half away from zero), for a download that must say what the page shows: −0.85 shown
 * as "−0.9" is −0.9 here too, where `Math.round` would give −0.8.
 */
export function roundAsShown(value: number, decimals: number): number {
  const shown = Number(numberFormat(decimals).format(Math.abs(value)).replace(/,/g, ''));
  return value < 0 && shown !== 0 ? -shown : shown;
}

/** A change, always signed unless it rounds to zero: "+1.25", "−0.40", "0.00". */
export function formatSigned(value: number, decimals: number): string {
  const text = formatNumber(value, decimals);
  return value > 0 && /[1-9]/.test(text) ? `+${text}` : text;
}

/** The change from `before` to `now` in percent, to two decimals; null when either is unknown or `before` is 0. */
export function percentChange(now: number | null, before: number | null): number | null {
  return now === null || before === null || before === 0 ? null : Math.round(((now - before) / before) * 10_000) / 100;
}

/** A percent change to `decimals` decimals (2 by default): "+1.25%", "−0.40%", "0.00%". */
export function formatPercentChange(pct: number, decimals = 2): string {
  return `${formatSigned(pct, decimals)}%`;
}

/** Whether a change is up, down or flat, for its color. */
export function changeTypeOf(change: number): ChangeType {
  return change > 0 ? 'positive' : change < 0 ? 'negative' : 'neutral';
}

/** The text color of a change. */
export const CHANGE_TONES: Readonly<Record<ChangeType, string>> = {
  positive: 'text-positive',
  negative: 'text-negative',
  neutral: 'text-muted-foreground',
};

/** The text color of a change of this value. */
export function changeTone(change: number): string {
  return CHANGE_TONES[changeTypeOf(change)];
}

/**
 * The unit a series is shown in, and what its stored values are divided by: quantities
 * stored in thousands ("thousand b/d", "thousand bbl") are said in millions with two
 * decimals ("13.05 million b/d"), as EIA's own summaries say them; every other unit as stored.
 */
export function displayUnit(unit: string, decimals: number): { unit: string; decimals: number; factor: number } {
  if (unit.startsWith('thousand ')) return { unit: `million ${unit.slice('thousand '.length)}`, decimals: 2, factor: 1000 };
  return { unit, decimals, factor: 1 };
}

/** A stored value in its display unit, with its currency sign: "$71.42", "16.12¢", "13.05" (million b/d). */
export function formatMarketValue(value: number, unit: string, decimals: number): string {
  const shown = displayUnit(unit, decimals);
  const number = formatNumber(value / shown.factor, shown.decimals);
  if (unit.startsWith('$')) return number.startsWith(MINUS) ? `${MINUS}$${number.slice(1)}` : `$${number}`;
  if (unit.startsWith('¢')) return `${number}¢`;
  return number;
}

/** A stored value with its display unit said once: "$72.50/bbl", "3,912 Bcf", "13.05 million b/d". */
export function formatSeriesValue(value: number, series: { unit: string; decimals: number }): string {
  return formatQuote(formatMarketValue(value, series.unit, series.decimals), displayUnit(series.unit, series.decimals).unit);
}

/** A stored change in the display unit, signed, and when known its percent: "+1.25 (+1.7%)", "−0.01 (−0.3%)". */
export function formatSeriesChange(change: number, percent: number | null | undefined, series: { unit: string; decimals: number }): string {
  const shown = displayUnit(series.unit, series.decimals);
  const amount = formatSigned(change / shown.factor, shown.decimals);
  return percent === null || percent === undefined ? amount : `${amount} (${formatPercentChange(percent, 1)})`;
}

/**
 * A market value with its unit said once: "$72.50/bbl", "15.15¢/kWh". The value text
 * already carries the currency sign, so only the part of the unit after it is added.
 */
export function formatQuote(value: string, unit: string): string {
  const parts = quoteParts(value, unit);
  return `${parts.value}${parts.unit}`;
}

/** `formatQuote` in its two parts, for showing the unit smaller: { value: "$72.50", unit: "/bbl" }. */
export function quoteParts(value: string, unit: string): { value: string; unit: string } {
  const sign = unit[0];
  if ((sign === '$' || sign === '¢') && unit[1] === '/' && value.includes(sign)) return { value, unit: unit.slice(1) };
  return { value, unit: unit ? ` ${unit}` : '' };
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/**
 * The EIA series a stored `source` names, as EIA writes it: the series id when the import
 * asked for one ("RWTC"), else the route's last part with its facets ("retail-sales US-RES").
 */
export function eiaSeriesCode(source: string): string {
  const [, route = '', facets = ''] = source.split(':');
  const values = facets.split(',').filter(Boolean);
  if (values.length === 1 && values[0]) return values[0];
  return [route.split('/').at(-1) ?? route, values.join('-')].filter(Boolean).join(' ');
}

/**
 * The line said under a chart or card: "Source: U.S. EIA, series RWTC and RBRTE, as of
 * Nov 21, 2026." for imported figures, "Sample data (seeded history, not EIA figures), as
 * of …" for the sample history a fresh install shows, and both when they are mixed.
 */
export function seriesSourceLine(series: readonly { name: string; source: string }[], asOf: string): string {
  const eia = series.filter((s) => isEiaSource(s.source));
  const sample = series.filter((s) => !isEiaSource(s.source));
  const parts: string[] = [];
  if (eia.length > 0) parts.push(`Source: U.S. EIA, series ${joinList([...new Set(eia.map((s) => eiaSeriesCode(s.source)))])}`);
  if (sample.length > 0)
    parts.push(eia.length > 0 ? `sample data for ${joinList(sample.map((s) => s.name))}` : 'Sample data (seeded history, not EIA figures)');
  return `${parts.join('; ')}, as of ${asOf}.`;
}

/** The line said under generation figures (monthly, all sectors) of `asOf`. */
export function generationSourceLine(sample: boolean, asOf: string): string {
  return sample
    ? `Sample data (seeded generation history, not EIA figures), as of ${asOf}.`
    : `Source: U.S. EIA, net generation, all sectors (electric-power-operational-data), as of ${asOf}.`;
}

/** Where a list of market figures comes from, said under it; each figure shows its own date. */
export function marketDataSourceNote(items: readonly { name: string; sample: boolean; series?: string | undefined }[]): string {
  if (items.length === 0) return '';
  const eia = items.filter((i) => !i.sample);
  const sample = items.filter((i) => i.sample);
  if (eia.length === 0) return 'Sample data: seeded demonstration figures until the editors import EIA data.';
  const codes = joinList(eia.map((i) => i.series ?? i.name));
  return sample.length === 0
    ? `Source: U.S. EIA, series ${codes}.`
    : `Source: U.S. EIA, series ${codes}; sample data for ${joinList(sample.map((i) => i.name))}.`;
}
