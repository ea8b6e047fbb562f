// Reader-facing text for market figures: values with their unit, as-of dates, source lines.
// Kept apart from format.ts on purpose: islands that show market figures import this module,
// and format.ts is a chunk every page with comments loads, so it must not grow with them.
import { isEiaSource } from '@/lib/energy';

export type Frequency = 'daily' | 'weekly' | 'monthly';

// Marked pure, so a bundle that uses nothing of this module leaves it out.
const day = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const month = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** An observation's period as readers say it: "Nov 21, 2026" for a day or week, "August 2026" for a month. */
export function formatAsOf(period: string, frequency: Frequency = 'daily'): string {
  const date = new Date(`${period.length === 7 ? `${period}-01` : period}T00:00:00Z`);
  return (frequency === 'monthly' ? month : day).format(date);
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
