// What the site says about each stored market series besides its figures: what it measures,
// the EIA series it comes from, the words articles about it use, and when it counts as stale.
// Every fact comes from the market-series catalog (`@db/catalog/market-series`), which the
// seed and the EIA import read too; this module shapes it for the pages and the API.
import { MARKET_SERIES_SLUGS, marketSeriesFacts } from '@db/catalog/market-series';
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
}

/** How long after its period a series of each cadence is normally superseded, when the catalog says nothing. */
export const STALE_AFTER_DAYS: Record<Frequency, number> = { daily: 10, weekly: 14, monthly: 125 };

/** The slugs the site serves a page for, in the catalog's order. */
export const SERIES_SLUGS: string[] = [...MARKET_SERIES_SLUGS];

/** A series' catalog entry; a stored series the catalog does not know gets its cadence's defaults. */
export function seriesInfo(slug: string, frequency: Frequency): SeriesInfo {
  const facts = marketSeriesFacts(slug);
  return facts
    ? { eiaSeries: facts.eia.series, description: facts.description, keywords: facts.keywords, staleAfterDays: facts.staleAfterDays }
    : { eiaSeries: slug, description: '', keywords: [], staleAfterDays: STALE_AFTER_DAYS[frequency] };
}

const DAY_MS = 86_400_000;

/** Whether a series whose latest period is `period` is older than it should be at `now`. */
export function isStale(period: string, staleAfterDays: number, now: Date = new Date()): boolean {
  const time = Date.parse(`${period.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(time) || now.getTime() - time > staleAfterDays * DAY_MS;
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
