// EIA revises figures it published (weekly stocks, monthly production, every STEO). The imports
// keep each period's vintages: the first published figure and each later different one, with
// when it was seen. This module reads them: what a revised point says, and which instant a
// figure "as of" a day is known before.
import { SITE_TIME_ZONE } from '@/lib/format';
import { addDays, zonedTime } from '@/lib/zoned-time';

/** One vintage of a period: its figure and when an import saw it (0 for a figure stored before vintages were kept). */
export interface Vintage {
  period: string;
  value: number;
  seenAt: number;
}

/** What a revised point says beside its current figure. */
export interface PointRevision {
  /** The figure EIA first published for the period. */
  firstValue: number;
  /** The figure the latest revision replaced (the first one when it was revised once). */
  previousValue: number;
  /** When an import saw the latest revision (an ISO instant). */
  revisedAt: string;
  /** How many times the figure was revised. */
  revisions: number;
}

/**
 * The revisions of each revised period, from vintages sorted by period and then by the time
 * they were seen (oldest first). A period with one vintage was never revised and is left out.
 */
export function revisionsByPeriod(vintages: readonly Vintage[]): Map<string, PointRevision> {
  const out = new Map<string, PointRevision>();
  for (let i = 0; i < vintages.length;) {
    let end = i + 1;
    while (end < vintages.length && vintages[end]?.period === vintages[i]?.period) end++;
    const first = vintages[i];
    const latest = vintages[end - 1];
    const previous = vintages[end - 2];
    if (first && latest && previous && end - i > 1) {
      out.set(first.period, {
        firstValue: first.value,
        previousValue: previous.value,
        revisedAt: new Date(latest.seenAt).toISOString(),
        revisions: end - i - 1,
      });
    }
    i = end;
  }
  return out;
}

/**
 * The instant before which figures are "as known on" a day: the end of that day in US
 * Eastern time, the newsroom's and EIA's day (an import at 11 PM Eastern on that day counts).
 */
export function endOfDay(day: string): Date {
  return zonedTime(addDays(day, 1), '00:00', SITE_TIME_ZONE);
}

/** What a download's file name adds for the figures it holds: nothing for the latest, `_first`, or `_as-of-2026-03-02`. */
export function vintageFileSuffix(which: { vintage?: string | undefined; asOf?: string | undefined } | undefined): string {
  return which?.asOf ? `_as-of-${which.asOf}` : which?.vintage === 'first' ? '_first' : '';
}
