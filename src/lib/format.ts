/** The site's time zone for displayed dates: US Eastern, where the newsroom works. */
export const SITE_TIME_ZONE = 'America/New_York';

const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: SITE_TIME_ZONE });
const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: SITE_TIME_ZONE,
});
const zonedDateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: SITE_TIME_ZONE,
  timeZoneName: 'short',
});
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const monthOfYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "March 5, 2025" (the article page's date style). */
export function formatLongDate(date: Date | string): string {
  return longDate.format(new Date(date));
}

/** "March 5, 2025 at 2:07 PM": US locale with month, day, year, hour and minute. */
export function formatDateTime(date: Date | string): string {
  return dateTime.format(new Date(date));
}

/** "Mar 5, 2025, 2:07 PM EST": a time with its zone said (the admin's lists). */
export function formatZonedDateTime(date: Date | string): string {
  return zonedDateTime.format(new Date(date));
}

/** The text cut to at most `max` characters at a word boundary, with an ellipsis when cut. */
export function truncateAtWord(text: string, max: number): string {
  const trimmed = text.trim();
  return trimmed.length <= max ? trimmed : endAtWord(trimmed.slice(0, max));
}

/**
 * The beginning of a longer text (cut at a fixed length, e.g. by the server) ended at its
 * last whole word, with an ellipsis. A single long word is cut where it is.
 */
export function endAtWord(beginning: string): string {
  const space = beginning.search(/\s\S*$/);
  return `${(space > beginning.length * 0.6 ? beginning.slice(0, space) : beginning).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** An ISO calendar date or month (a market observation's period) as readers say it: "Mar 5, 2025", "March 2025". */
export function formatPeriod(period: string): string {
  return period.length === 7 ? monthOfYear.format(new Date(`${period}-01T00:00:00Z`)) : shortDate.format(new Date(`${period}T00:00:00Z`));
}

/** Whether a text is an ISO calendar date or month (`2025-03-05`, `2025-03`), which `formatPeriod` reads. */
export function isPeriod(text: string): boolean {
  return /^\d{4}-\d{2}(-\d{2})?$/.test(text);
}

/** A market value with its currency sign: "$71.42", "16.12¢". */
export function formatMarketValue(value: number, unit: string, decimals: number): string {
  const number = value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  if (unit.startsWith('$')) return `$${number}`;
  if (unit.startsWith('¢')) return `${number}¢`;
  return number;
}

/** "+1.25%", "-0.40%", "0.00%". */
export function formatPercentChange(pct: number): string {
  const sign = pct > 0 ? '+' : '';
  return `${sign}${pct.toFixed(2)}%`;
}
