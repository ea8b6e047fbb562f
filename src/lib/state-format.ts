// Reader-facing text of retail electricity prices by state: cents per kilowatthour, sectors,
// months and the states' addresses. Isomorphic.
import { RETAIL_SECTORS, type RetailSectorCode, type RetailSectorSlug } from '@db/catalog/states';
import { formatNumber } from '@/lib/market-format';
import { US_STATES } from '@/lib/energy';

/** The unit of every retail price. */
export const PRICE_UNIT = '¢/kWh';

/** Why the state prices are marked stale: EIA's latest month is older than its usual lag. */
export const STATES_STALE = 'EIA’s latest month is older than its usual lag';

/** A price in cents per kilowatthour: "15.21¢/kWh". */
export function formatCents(price: number | null | undefined, decimals = 2): string {
  return price === null || price === undefined ? '–' : `${formatNumber(price, decimals)}${PRICE_UNIT}`;
}

/** A state's postal code in any case (`tx`, `TX`) as stored (`TX`), or undefined for anything else. */
export function stateCodeOf(code: string): string | undefined {
  const upper = code.toUpperCase();
  return /^[A-Z]{2}$/.test(upper) && upper in US_STATES ? upper : undefined;
}

/** A sector by its slug (`residential`) or EIA code (`RES`). */
export function retailSector(key: RetailSectorSlug | RetailSectorCode): (typeof RETAIL_SECTORS)[number] {
  return RETAIL_SECTORS.find((s) => s.slug === key || s.code === key) ?? RETAIL_SECTORS[0];
}

/** The month `n` months after `month` (`YYYY-MM`; before it when negative). */
export function addMonths(month: string, n: number): string {
  const [y = 0, m = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 7);
}

/** Every month from `from` to `to` (`YYYY-MM`, inclusive), oldest first. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = from; m <= to && months.length < 1200; m = addMonths(m, 1)) months.push(m);
  return months;
}

const monthFormat = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortMonthFormat = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A month as "August 2026", or "Aug 2026" short. */
export function formatMonth(month: string, short = false): string {
  return (short ? shortMonthFormat : monthFormat).format(new Date(`${month}-01T00:00:00Z`));
}

/** A state's page. */
export function statePagePath(code: string): string {
  return `/states/${code}`;
}

/** A class of the map's color scale: the prices from `min` to `max` (inclusive) and their colors. */
export interface PriceBin {
  min: number;
  max: number;
  fill: string;
  /** Text drawn on the fill (the small states' labels). */
  ink: string;
}

/** The map's scale, light to dark: yellow to deep red (ColorBrewer YlOrRd), readable by color-blind readers as light to dark. */
const BIN_COLOURS = [
  { fill: '#ffffb2', ink: '#111827' },
  { fill: '#fecc5c', ink: '#111827' },
  { fill: '#fd8d3c', ink: '#111827' },
  { fill: '#f03b20', ink: '#111827' },
  { fill: '#bd0026', ink: '#ffffff' },
];

/** Color classes of the prices by quintile (as many states in each), their bounds rounded to the cent's tenth. */
export function priceBins(values: readonly number[]): PriceBin[] {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const bins: PriceBin[] = [];
  let min = sorted[0] ?? 0;
  for (const [i, color] of BIN_COLOURS.entries()) {
    const last = i === BIN_COLOURS.length - 1;
    const max = last
      ? (sorted.at(-1) ?? min)
      : (sorted[Math.min(sorted.length - 1, Math.ceil(((i + 1) * sorted.length) / BIN_COLOURS.length) - 1)] ?? min);
    if (max < min) continue;
    bins.push({ min, max, ...color });
    min = Math.round((max + 0.01) * 100) / 100;
  }
  return bins;
}

/** The class of a price, or undefined (no price). */
export function binOf(bins: readonly PriceBin[], value: number | null): PriceBin | undefined {
  if (value === null) return undefined;
  return bins.find((b) => value <= b.max) ?? bins.at(-1);
}

/** "20th" */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
