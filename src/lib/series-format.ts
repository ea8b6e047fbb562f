// Reader-facing text for a market series' figures on the /markets pages.
import { formatMarketValue } from '@/lib/format';
import { formatQuote } from '@/lib/market-format';

/** A value with its unit said once: "$72.50/bbl", "3,912 Bcf". */
export function formatSeriesValue(value: number, series: { unit: string; decimals: number }): string {
  return formatQuote(formatMarketValue(value, series.unit, series.decimals), series.unit);
}

/** A change with its sign and, when known, its percent: "+1.25 (+1.7%)", "−12 (−0.3%)". */
export function formatSeriesChange(change: number, percent: number | null | undefined, decimals: number): string {
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  const amount = Math.abs(change).toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  if (percent === null || percent === undefined) return `${sign}${amount}`;
  const pctSign = percent > 0 ? '+' : percent < 0 ? '−' : '';
  return `${sign}${amount} (${pctSign}${Math.abs(percent).toFixed(1)}%)`;
}

/** Text color of a change. */
export function changeTone(change: number): string {
  return change > 0 ? 'text-positive' : change < 0 ? 'text-negative' : 'text-muted-foreground';
}
