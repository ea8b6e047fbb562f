// What the site says about each stored market series besides its figures: what it measures,
// the EIA series it comes from, the words articles about it use, and when it counts as stale.
// Kept in code, keyed by slug: it changes with the import's series map, not with the data.
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

export const SERIES_INFO: Readonly<Record<string, SeriesInfo>> = {
  wti: {
    eiaSeries: 'RWTC',
    description: 'Spot price of West Texas Intermediate crude oil at Cushing, Oklahoma, free on board, in dollars per barrel.',
    keywords: ['wti', 'crude oil', 'oil price'],
    // EIA publishes daily spot prices once a week.
    staleAfterDays: 10,
  },
  brent: {
    eiaSeries: 'RBRTE',
    description: 'Spot price of Europe Brent crude oil, free on board, in dollars per barrel.',
    keywords: ['brent', 'crude oil', 'oil price'],
    staleAfterDays: 10,
  },
  'henry-hub': {
    eiaSeries: 'RNGWHHD',
    description: 'Spot price of natural gas at the Henry Hub in Louisiana, in dollars per million British thermal units.',
    keywords: ['henry hub', 'natural gas', 'lng'],
    staleAfterDays: 10,
  },
  gasoline: {
    eiaSeries: 'EMM_EPMR_PTE_NUS_DPG',
    description: 'US average retail price of regular gasoline, all formulations, surveyed every Monday, in dollars per gallon.',
    keywords: ['gasoline', 'pump price', 'refinery'],
    staleAfterDays: 10,
  },
  electricity: {
    eiaSeries: 'ELEC.PRICE.US-RES.M',
    description: 'Average retail price of electricity to US residential customers, in cents per kilowatt-hour.',
    keywords: ['electricity price', 'utility', 'power prices'],
    // Retail sales are published about two months after the month.
    staleAfterDays: 125,
  },
  'crude-production': {
    eiaSeries: 'MCRFPUS2',
    description: 'US field production of crude oil, in thousand barrels per day; published about two months after the month.',
    keywords: ['crude production', 'oil output', 'shale', 'permian'],
    staleAfterDays: 125,
  },
  'crude-inventories': {
    eiaSeries: 'WCESTUS1',
    description:
      'US commercial crude oil inventories, excluding the Strategic Petroleum Reserve, at the end of each week, in thousand barrels (Weekly Petroleum Status Report).',
    keywords: ['crude inventories', 'crude stocks', 'inventory', 'stockpile'],
    staleAfterDays: 14,
  },
  'cushing-stocks': {
    eiaSeries: 'W_EPC0_SAX_YCUOK_MBBL',
    description:
      'Crude oil stocks at Cushing, Oklahoma, the delivery point of the WTI futures contract, at the end of each week, in thousand barrels.',
    keywords: ['cushing', 'crude stocks', 'storage hub'],
    staleAfterDays: 14,
  },
  'gas-storage': {
    eiaSeries: 'NW2_EPG0_SWO_R48_BCF',
    description:
      'Working natural gas in underground storage in the Lower 48 states at the end of each week, in billion cubic feet (Weekly Natural Gas Storage Report), with the range of the same week over the previous five years.',
    keywords: ['gas storage', 'natural gas', 'injection', 'withdrawal'],
    staleAfterDays: 14,
  },
  diesel: {
    eiaSeries: 'EMD_EPD2D_PTE_NUS_DPG',
    description: 'US average retail price of on-highway No. 2 diesel fuel, surveyed every Monday, in dollars per gallon.',
    keywords: ['diesel', 'distillate', 'trucking'],
    staleAfterDays: 10,
  },
};

/** The slugs the site serves a page for, in the catalog's order. */
export const SERIES_SLUGS = Object.keys(SERIES_INFO);

/** A series' catalog entry; a stored series the catalog does not know gets its cadence's defaults. */
export function seriesInfo(slug: string, frequency: Frequency): SeriesInfo {
  return SERIES_INFO[slug] ?? { eiaSeries: slug, description: '', keywords: [], staleAfterDays: STALE_AFTER_DAYS[frequency] };
}

const DAY_MS = 86_400_000;

/** Whether a series whose latest period is `period` is older than it should be at `now`. */
export function isStale(period: string, staleAfterDays: number, now: Date = new Date()): boolean {
  const time = Date.parse(`${period.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(time) || now.getTime() - time > staleAfterDays * DAY_MS;
}

/** "Daily", "Weekly", "Monthly". */
export const CADENCE_LABELS: Record<Frequency, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

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
