/** The site's time zone for displayed dates: US Eastern, where the newsroom works. */
export const SITE_TIME_ZONE = 'America/New_York';

const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: SITE_TIME_ZONE });
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: SITE_TIME_ZONE });
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

/** "March 5, 2025" (the article page's date style). */
export function formatLongDate(date: Date | string): string {
  return longDate.format(new Date(date));
}

/** "Mar 5, 2025" (a correction's date). */
export function formatShortDate(date: Date | string): string {
  return shortDate.format(new Date(date));
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
