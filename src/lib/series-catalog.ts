// What the site says about each stored market series besides its figures: what it measures,
// the EIA series it comes from, the words articles about it use, and when it counts as stale.
// Every fact comes from the market-series catalog (`@db/catalog/market-series`), which the
// seed and the EIA import read too; this module shapes it for the pages and the API.
import { MARKET_SERIES_SLUGS, marketSeriesFacts, type SeriesEnd } from '@db/catalog/market-series';
import { formatLongCalendarDay } from '@/lib/calendar-format';
import type { Frequency } from '@/lib/market-format';

export interface SeriesInfo {
  /** EIA's own id of the series, said in the source line ("RWTC"). */
  eiaSeries: string;
  /** One or two sentences for the series page and the API. */
  description: string;
  /** What articles about it say: any one of them finds an article (each may be several words, all of which must match). */
  keywords: readonly string[];
  /** Days after its latest period the series is stale: its cadence plus EIA's usual publication lag. */
  staleAfterDays: number;
  /** When EIA stopped publishing it: its figures end there, and it is never stale. */
  ended?: SeriesEnd;
}

/** How long after its period a series of each cadence is normally superseded, when the catalog says nothing. */
export const STALE_AFTER_DAYS: Record<Frequency, number> = { daily: 10, weekly: 14, monthly: 125 };

/** The slugs the site serves a page for, in the catalog's order. */
export const SERIES_SLUGS: string[] = [...MARKET_SERIES_SLUGS];

/** A series' catalog entry; a stored series the catalog does not know gets its cadence's defaults. */
export function seriesInfo(slug: string, frequency: Frequency): SeriesInfo {
  const facts = marketSeriesFacts(slug);
  return facts
    ? {
        eiaSeries: facts.eia.series,
        description: facts.description,
        keywords: facts.keywords,
        staleAfterDays: facts.staleAfterDays,
        ...(facts.ended ? { ended: facts.ended } : {}),
      }
    : { eiaSeries: slug, description: '', keywords: [], staleAfterDays: STALE_AFTER_DAYS[frequency] };
}

const DAY_MS = 86_400_000;

/** When (ms since the epoch) a series whose latest period is `period` becomes older than it should be (NaN for a bad period). */
export function staleFrom(period: string, staleAfterDays: number): number {
  return Date.parse(`${period.slice(0, 10)}T00:00:00Z`) + staleAfterDays * DAY_MS;
}

/** Whether a series whose latest period is `period` is older than it should be at `now`. */
export function isStale(period: string, staleAfterDays: number, now: Date = new Date()): boolean {
  const from = staleFrom(period, staleAfterDays);
  return Number.isNaN(from) || now.getTime() > from;
}

/**
 * Whether a series is older than it should be at `now`: never one EIA stopped publishing (its
 * last figure is its last), else past `staleAfterDays` after its latest period.
 */
export function isSeriesStale(info: Pick<SeriesInfo, 'staleAfterDays' | 'ended'>, period: string, now: Date = new Date()): boolean {
  return info.ended ? false : isStale(period, info.staleAfterDays, now);
}

/** What readers are told of a series EIA stopped: "EIA stopped publishing this series on April 5, 2024." */
export function seriesEndedText(ended: SeriesEnd): string {
  return `EIA stopped publishing this series on ${formatLongCalendarDay(ended.on)}.`;
}

/** What a change is measured against: "vs previous day". */
export const CHANGE_PERIODS: Record<Frequency, string> = {
  daily: 'vs previous day',
  weekly: 'vs previous week',
  monthly: 'vs previous month',
};

/**
 * Where a series' figures come from, as readers see it: "Source: U.S. Energy Information
 * Administration, series RWTC", or for seeded history "Illustrative sample, standing in for
 * EIA series RWTC".
 */
export function seriesSourceText(sample: boolean, eiaSeries: string): string {
  return sample
    ? `Illustrative sample (seeded history, not EIA figures), standing in for EIA series ${eiaSeries}`
    : `Source: U.S. Energy Information Administration, series ${eiaSeries}`;
}
