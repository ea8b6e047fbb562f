// The NYMEX calendar the futures strip is drawn on: each contract's last trading day and the
// delivery month contract n stands for on a day. Pure functions over the catalog's business days.
import { addDays, isBusinessDay, previousBusinessDay } from '@db/catalog/days';
import type { FuturesContract } from '@db/catalog/market-series';

/** Business days from the end of `day` back `n` business days. */
function businessDaysBefore(day: string, n: number): string {
  let d = day;
  for (let i = 0; i < n; i++) d = previousBusinessDay(addDays(d, -1));
  return d;
}

/** The first day of the month `n` months after `day`'s. */
function monthAfter(day: string, n: number): string {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * The last trading day of the NYMEX contract for a delivery month (`YYYY-MM-01`): WTI (CL) three
 * business days before the 25th of the month before (the business day before the 25th counting
 * as the 25th when it is no business day); Henry Hub (NG) three business days before the
 * delivery month's first day. US federal holidays stand in for the exchange's.
 */
export function lastTradingDay(of: 'wti' | 'henry-hub', deliveryMonth: string): string {
  if (of === 'henry-hub') return businessDaysBefore(deliveryMonth, 3);
  const the25th = `${monthAfter(deliveryMonth, -1).slice(0, 7)}-25`;
  return businessDaysBefore(isBusinessDay(the25th) ? the25th : previousBusinessDay(the25th), 3);
}

/** The delivery month (`YYYY-MM-01`) of contract `n` traded on `day`: contract 1 is the nearest month still trading. */
export function deliveryMonth(of: 'wti' | 'henry-hub', day: string, n: FuturesContract): string {
  let front = monthAfter(day, 1);
  if (day > lastTradingDay(of, front)) front = monthAfter(day, 2);
  return monthAfter(front, n - 1);
}
