// The market series the site keeps, each defined once: what it is called and measures, its
// unit and cadence, where EIA publishes it, when it counts as stale, the words articles about
// it use, and the releases that bring its new figures. The seed creates each series from it,
// the EIA import fetches each one from it, the pages describe it and the calendar links it.
// The order is the display order. Imports nothing but types, so isomorphic code may import it.
import type { ReleaseKind } from './releases.ts';

export type SeriesFrequency = 'daily' | 'weekly' | 'monthly';

/** One query of EIA's API v2 `/data/` endpoints, without its start. */
export interface EiaSeriesQuery {
  /** Route below the base, e.g. `petroleum/pri/spt`. */
  route: string;
  /** The data column holding the value (`value`, `price`). */
  data: string;
  /** Facets that pick the one series, e.g. `{ series: ['RWTC'] }`. */
  facets: Readonly<Record<string, readonly string[]>>;
}

export interface MarketSeriesFacts {
  slug: string;
  name: string;
  /** The name inside a sentence or a list of links (the calendar's): "US crude oil inventories". */
  shortName: string;
  /** The short name is a plural ("US crude oil inventories rise", not "rises"). */
  plural?: true;
  /** Display unit, e.g. "$/bbl", "¢/kWh", "thousand bbl". */
  unit: string;
  frequency: SeriesFrequency;
  /** Decimal places shown. */
  decimals: number;
  /**
   * Its color on every chart, export and embed, in both themes (one color per series: a
   * forecast or a futures strip has its own, told apart from the history it continues). Picked
   * to hold 3:1 against the light and the dark chart background; tests/unit/series-colors.test.ts
   * checks that and the pairs drawn side by side.
   */
  color: string;
  /** On the market-data cards and strip (prices), or only on /markets and its own page (quantities). */
  listed: boolean;
  /** Where the import reads it, and EIA's id of the series as said in the source line ("RWTC"). */
  eia: EiaSeriesQuery & { series: string };
  /** One or two sentences for the series page and the API. */
  description: string;
  /** What articles about it say: any one of them finds an article (each may be several words, all of which must match). */
  keywords: readonly string[];
  /** Days after its latest period the series is stale: its cadence plus EIA's usual publication lag. */
  staleAfterDays: number;
  /** The EIA releases that publish its new figures (`releases.ts`): its page's "Next update", the calendar's links. */
  releases: readonly ReleaseKind[];
  /**
   * A look ahead at another series (`of`, its slug): EIA's Short-Term Energy Outlook forecast of
   * it (`forecast`: history and forecast months, revised with each outlook), or a NYMEX futures
   * contract on it (`futures`: the daily settlement of the contract `contract` months out).
   * Charts draw them after the series' latest observation, labelled as forecast or futures.
   */
  outlook?: OutlookFacts;
  /**
   * EIA stopped publishing the series (and may name the catalog series that replaced it): the
   * site keeps and shows its figures up to `on`, says so wherever they show, never counts it
   * stale, links no release to it and never imports past `on`.
   */
  ended?: SeriesEnd;
}

/** When and why EIA stopped a series (see `MarketSeriesFacts.ended`). */
export interface SeriesEnd {
  /** The last period EIA published, YYYY-MM-DD. */
  on: string;
  /** What happened, in a sentence readers see under the figures. */
  note: string;
  /** The catalog series that carries on in its place, if any. */
  replacedBy?: string;
}

/**
 * EIA's daily NYMEX Henry Hub futures settlements (`natural-gas/pri/fut`, series RNGC1-RNGC4)
 * stop on Friday 5 April 2024: API v2 has no row of them after that day, while the same route's
 * Henry Hub spot price (RNGWHHD) goes on. Public users of EIA's data record the same last day
 * ("the free EIA futures feed (RNGC1..RNGC4) is stale (latest print 2024-04-05)"; "EIA's XLS
 * mirror's data ended 2024-04-05"). WTI's contracts (RCLC1-4) go on.
 */
const HENRY_HUB_FUTURES_END = {
  on: '2024-04-05',
  note: 'EIA stopped publishing the NYMEX Henry Hub futures settlements (series RNGC1 to RNGC4) after April 5, 2024; its Henry Hub spot price goes on.',
} as const satisfies SeriesEnd;

/** What an outlook series looks ahead at (see `MarketSeriesFacts.outlook`). */
export type OutlookFacts = { of: string; kind: 'forecast' } | { of: string; kind: 'futures'; contract: FuturesContract };

/** The NYMEX contracts EIA publishes for WTI and Henry Hub: 1 is the nearest delivery month. */
export type FuturesContract = 1 | 2 | 3 | 4;
export const FUTURES_CONTRACTS = [1, 2, 3, 4] as const satisfies readonly FuturesContract[];

/** EIA's Short-Term Energy Outlook of a series: one monthly `steo` series id, published each month through December of next year. */
function steoForecast<S extends string>(
  of: S,
  seriesId: string,
  facts: Pick<MarketSeriesFacts, 'name' | 'shortName' | 'unit' | 'decimals' | 'color'>,
) {
  return {
    slug: `${of}-steo` as const,
    ...facts,
    frequency: 'monthly',
    listed: false,
    eia: { route: 'steo', data: 'value', facets: { seriesId: [seriesId] }, series: seriesId },
    description: `EIA's Short-Term Energy Outlook for ${facts.shortName.replace(/ forecast$/, '')}: monthly averages, history and forecast through December of next year, revised with each month's outlook.`,
    keywords: ['short-term energy outlook', 'steo'],
    // A new outlook every month; its latest period is a forecast month, so it is never stale by date.
    staleAfterDays: 45,
    releases: ['steo'],
    outlook: { of, kind: 'forecast' },
  } as const satisfies MarketSeriesFacts;
}

/** A NYMEX futures contract as EIA publishes it (daily settlements, `RCLC1`…, `RNGC1`…, with the weekly spot prices). */
function futuresContract<S extends 'wti' | 'henry-hub', N extends FuturesContract>(of: S, contract: N) {
  const crude = of === 'wti';
  const series = `${crude ? 'RCLC' : 'RNGC'}${contract}`;
  const months = contract === 1 ? 'nearest delivery month' : `delivery ${contract} months out`;
  const ended = crude ? undefined : HENRY_HUB_FUTURES_END;
  return {
    slug: `${of}-futures-${contract}` as const,
    name: `${crude ? 'WTI Crude Oil' : 'Henry Hub Natural Gas'} Futures, Contract ${contract}`,
    shortName: `${crude ? 'WTI' : 'Henry Hub'} futures (contract ${contract})`,
    unit: crude ? '$/bbl' : '$/MMBtu',
    // The strip is one line of all four contracts: one color for them.
    color: crude ? '#d97706' : '#7c3aed',
    frequency: 'daily',
    decimals: crude ? 2 : 3,
    listed: false,
    eia: { route: crude ? 'petroleum/pri/fut' : 'natural-gas/pri/fut', data: 'value', facets: { series: [series] }, series },
    description: `Daily settlement price of the NYMEX ${crude ? 'light sweet crude oil (WTI, Cushing)' : 'Henry Hub natural gas'} futures contract ${contract} (${months}), in ${crude ? 'dollars per barrel' : 'dollars per million British thermal units'}.`,
    keywords: [crude ? 'crude futures' : 'gas futures', 'nymex'],
    staleAfterDays: 10,
    // An ended series gets no new figures from any release.
    releases: ended ? [] : ['wpsr'],
    outlook: { of, kind: 'futures', contract },
    ...(ended ? { ended } : {}),
  } as const satisfies MarketSeriesFacts;
}

/** The usual EIA query: the route's `value` column, the one series picked by its `series` facet, which is also its id. */
function seriesFacet(route: string, series: string): MarketSeriesFacts['eia'] {
  return { route, data: 'value', facets: { series: [series] }, series };
}

export const MARKET_SERIES = [
  {
    slug: 'wti',
    name: 'WTI Crude Oil',
    shortName: 'WTI crude',
    unit: '$/bbl',
    color: '#2563eb',
    frequency: 'daily',
    decimals: 2,
    listed: true,
    eia: seriesFacet('petroleum/pri/spt', 'RWTC'),
    description: 'Spot price of West Texas Intermediate crude oil at Cushing, Oklahoma, free on board, in dollars per barrel.',
    keywords: ['wti', 'crude oil', 'oil price'],
    // EIA publishes the week's daily spot prices once a week, with the WPSR.
    staleAfterDays: 10,
    releases: ['wpsr'],
  },
  {
    slug: 'brent',
    name: 'Brent Crude Oil',
    shortName: 'Brent crude',
    unit: '$/bbl',
    color: '#c2410c',
    frequency: 'daily',
    decimals: 2,
    listed: true,
    eia: seriesFacet('petroleum/pri/spt', 'RBRTE'),
    description: 'Spot price of Europe Brent crude oil, free on board, in dollars per barrel.',
    keywords: ['brent', 'crude oil', 'oil price'],
    staleAfterDays: 10,
    releases: ['wpsr'],
  },
  {
    slug: 'henry-hub',
    name: 'Henry Hub Natural Gas',
    shortName: 'Henry Hub natural gas',
    unit: '$/MMBtu',
    color: '#0d9488',
    frequency: 'daily',
    decimals: 2,
    listed: true,
    eia: seriesFacet('natural-gas/pri/fut', 'RNGWHHD'),
    description: 'Spot price of natural gas at the Henry Hub in Louisiana, in dollars per million British thermal units.',
    keywords: ['henry hub', 'natural gas', 'lng'],
    staleAfterDays: 10,
    releases: ['wpsr'],
  },
  {
    slug: 'gasoline',
    name: 'US Regular Gasoline',
    shortName: 'US regular gasoline',
    unit: '$/gal',
    color: '#c026d3',
    frequency: 'weekly',
    decimals: 3,
    listed: true,
    eia: seriesFacet('petroleum/pri/gnd', 'EMM_EPMR_PTE_NUS_DPG'),
    description: 'US average retail price of regular gasoline, all formulations, surveyed every Monday, in dollars per gallon.',
    keywords: ['gasoline', 'pump price', 'refinery'],
    staleAfterDays: 10,
    releases: ['fuel-prices'],
  },
  {
    slug: 'electricity',
    name: 'US Residential Electricity',
    shortName: 'US residential electricity price',
    unit: '¢/kWh',
    color: '#8b5cf6',
    frequency: 'monthly',
    decimals: 2,
    listed: true,
    eia: { route: 'electricity/retail-sales', data: 'price', facets: { stateid: ['US'], sectorid: ['RES'] }, series: 'ELEC.PRICE.US-RES.M' },
    description: 'Average retail price of electricity to US residential customers, in cents per kilowatt-hour.',
    keywords: ['electricity price', 'utility', 'power prices'],
    // Retail sales are published about two months after the month.
    staleAfterDays: 125,
    releases: ['epm'],
  },
  // What the industry watches besides prices: output, stocks and storage, and diesel.
  {
    slug: 'crude-production',
    name: 'US Crude Oil Production',
    shortName: 'US crude oil production',
    unit: 'thousand b/d',
    color: '#65a30d',
    frequency: 'monthly',
    decimals: 0,
    listed: false,
    eia: seriesFacet('petroleum/crd/crpdn', 'MCRFPUS2'),
    description: 'US field production of crude oil, in thousand barrels per day; published about two months after the month.',
    keywords: ['crude production', 'oil output', 'shale', 'permian'],
    staleAfterDays: 125,
    releases: ['psm'],
  },
  {
    slug: 'crude-inventories',
    name: 'US Commercial Crude Oil Inventories',
    shortName: 'US crude oil inventories',
    plural: true,
    unit: 'thousand bbl',
    color: '#0284c7',
    frequency: 'weekly',
    decimals: 0,
    listed: false,
    eia: seriesFacet('petroleum/stoc/wstk', 'WCESTUS1'),
    description:
      'US commercial crude oil inventories, excluding the Strategic Petroleum Reserve, at the end of each week, in thousand barrels (Weekly Petroleum Status Report).',
    keywords: ['crude inventories', 'crude stocks', 'inventory', 'stockpile'],
    staleAfterDays: 14,
    releases: ['wpsr'],
  },
  {
    slug: 'cushing-stocks',
    name: 'Cushing, OK Crude Oil Stocks',
    shortName: 'Cushing (Oklahoma) crude stocks',
    plural: true,
    unit: 'thousand bbl',
    color: '#db2777',
    frequency: 'weekly',
    decimals: 0,
    listed: false,
    eia: seriesFacet('petroleum/stoc/wstk', 'W_EPC0_SAX_YCUOK_MBBL'),
    description:
      'Crude oil stocks at Cushing, Oklahoma, the delivery point of the WTI futures contract, at the end of each week, in thousand barrels.',
    keywords: ['cushing', 'crude stocks', 'storage hub'],
    staleAfterDays: 14,
    releases: ['wpsr'],
  },
  {
    slug: 'gas-storage',
    name: 'Working Gas in Storage (Lower 48)',
    shortName: 'Working gas in storage',
    unit: 'Bcf',
    color: '#6366f1',
    frequency: 'weekly',
    decimals: 0,
    listed: false,
    eia: seriesFacet('natural-gas/stor/wkly', 'NW2_EPG0_SWO_R48_BCF'),
    description:
      'Working natural gas in underground storage in the Lower 48 states at the end of each week, in billion cubic feet (Weekly Natural Gas Storage Report), with the range of the same week over the previous five years.',
    keywords: ['gas storage', 'natural gas', 'injection', 'withdrawal'],
    staleAfterDays: 14,
    releases: ['storage'],
  },
  {
    slug: 'diesel',
    name: 'US On-Highway Diesel',
    shortName: 'US diesel',
    unit: '$/gal',
    color: '#a16207',
    frequency: 'weekly',
    decimals: 3,
    listed: false,
    eia: seriesFacet('petroleum/pri/gnd', 'EMD_EPD2D_PTE_NUS_DPG'),
    description: 'US average retail price of on-highway No. 2 diesel fuel, surveyed every Monday, in dollars per gallon.',
    keywords: ['diesel', 'distillate', 'trucking'],
    staleAfterDays: 10,
    releases: ['fuel-prices'],
  },
  {
    slug: 'distillate-inventories',
    name: 'US Distillate Fuel Oil Inventories',
    shortName: 'US distillate inventories',
    plural: true,
    unit: 'thousand bbl',
    color: '#ea580c',
    frequency: 'weekly',
    decimals: 0,
    listed: false,
    eia: seriesFacet('petroleum/stoc/wstk', 'WDISTUS1'),
    description:
      'US stocks of distillate fuel oil (diesel and heating oil) at the end of each week, in thousand barrels (Weekly Petroleum Status Report).',
    keywords: ['distillate', 'heating oil', 'diesel stocks'],
    staleAfterDays: 14,
    releases: ['wpsr'],
  },
  // What the market expects: EIA's monthly outlook and the futures strip (charted after the series they look ahead at).
  steoForecast('wti', 'WTIPUUS', {
    name: 'WTI Crude Oil, EIA Forecast',
    shortName: 'WTI crude forecast',
    unit: '$/bbl',
    decimals: 2,
    color: '#e11d48',
  }),
  steoForecast('brent', 'BREPUUS', {
    name: 'Brent Crude Oil, EIA Forecast',
    shortName: 'Brent crude forecast',
    unit: '$/bbl',
    decimals: 2,
    color: '#15803d',
  }),
  steoForecast('henry-hub', 'NGHHUUS', {
    name: 'Henry Hub Natural Gas, EIA Forecast',
    shortName: 'Henry Hub natural gas forecast',
    unit: '$/MMBtu',
    color: '#d97706',
    decimals: 2,
  }),
  steoForecast('electricity', 'ESRCUUS', {
    name: 'US Residential Electricity, EIA Forecast',
    shortName: 'US residential electricity price forecast',
    unit: '¢/kWh',
    color: '#0f766e',
    decimals: 2,
  }),
  futuresContract('wti', 1),
  futuresContract('wti', 2),
  futuresContract('wti', 3),
  futuresContract('wti', 4),
  futuresContract('henry-hub', 1),
  futuresContract('henry-hub', 2),
  futuresContract('henry-hub', 3),
  futuresContract('henry-hub', 4),
] as const satisfies readonly MarketSeriesFacts[];

export type MarketSeriesSlug = (typeof MARKET_SERIES)[number]['slug'];

/** The slugs of the catalog, in display order. */
export const MARKET_SERIES_SLUGS: readonly MarketSeriesSlug[] = MARKET_SERIES.map((s) => s.slug);

/** The catalog's outlook series of a series (its forecast and futures contracts), in catalog order. */
export function outlookSeriesOf(slug: string): MarketSeriesFacts[] {
  return MARKET_SERIES.filter((s: MarketSeriesFacts) => s.outlook?.of === slug);
}

/** The outlook series of a series that EIA still publishes: what its chart draws after its latest figure. */
export function currentOutlookOf(slug: string): MarketSeriesFacts[] {
  return outlookSeriesOf(slug).filter((s) => s.ended === undefined);
}

/** When EIA stopped publishing a series; undefined for a series that goes on (or one the catalog does not know). */
export function seriesEnd(slug: string): SeriesEnd | undefined {
  return marketSeriesFacts(slug)?.ended;
}

/** The catalog's series EIA has stopped publishing, in catalog order. */
export function endedSeries(): (MarketSeriesFacts & { ended: SeriesEnd })[] {
  return (MARKET_SERIES as readonly MarketSeriesFacts[]).filter((s): s is MarketSeriesFacts & { ended: SeriesEnd } => s.ended !== undefined);
}

/** A series' facts by slug; undefined for a slug the catalog does not know. */
export function marketSeriesFacts(slug: string): MarketSeriesFacts | undefined {
  return MARKET_SERIES.find((s) => s.slug === slug);
}

/**
 * The stored row of a catalog series (`market_series`), as the seed and the EIA import create
 * it: its facts, its place in the catalog as its sort order, and where its figures come from
 * (`seed`, or the EIA route and facets).
 */
export function marketSeriesRow(facts: MarketSeriesFacts, source: string) {
  const { slug, name, unit, frequency, decimals, listed } = facts;
  return { slug, name, unit, frequency, decimals, listed, source, sortOrder: MARKET_SERIES_SLUGS.indexOf(facts.slug as MarketSeriesSlug) };
}
