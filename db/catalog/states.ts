// The states' monthly figures as EIA reports them, each metric defined once (STATE_METRICS): where
// a month of the data API holds it, its unit and its parts (the retail sectors of a price or of
// the sales, the fuels of net generation), its CSV columns, the dataset its revisions are kept under, and where
// EIA publishes it. The states' service (src/server/services/states/states.ts), the data API's
// document, the CSV and the guides' table read them. Imports only the other catalogs, so
// isomorphic code may import it. How to add a metric: docs/contributing.md.
import { FIGURE_DATASETS, type FigureDataset } from './figures.ts';
import { FUELS } from './fuels.ts';

/** The retail sectors EIA reports monthly prices for, in EIA's `sectorid` codes; `ALL` is every sector. */
export const RETAIL_SECTORS = [
  { code: 'RES', slug: 'residential', label: 'Residential' },
  { code: 'COM', slug: 'commercial', label: 'Commercial' },
  { code: 'IND', slug: 'industrial', label: 'Industrial' },
  { code: 'ALL', slug: 'all', label: 'All sectors' },
] as const;

export type RetailSectorCode = (typeof RETAIL_SECTORS)[number]['code'];
export type RetailSectorSlug = (typeof RETAIL_SECTORS)[number]['slug'];
export const RETAIL_SECTOR_CODES: readonly RetailSectorCode[] = RETAIL_SECTORS.map((s) => s.code);
export const RETAIL_SECTOR_SLUGS: readonly RetailSectorSlug[] = RETAIL_SECTORS.map((s) => s.slug);

/** Retail prices are published about two months after the month (Electric Power Monthly): stale after this many days past the month's start. */
export const RETAIL_STALE_AFTER_DAYS = 125;

/** A part of a state metric: its code in EIA's facet (and in the figure's key), and its name in a month of the API. */
export interface StateMetricPart {
  code: string;
  place: string;
}

/** A figure of every state (and the US) by month. */
export interface StateMetric {
  /** Where a month of the API (`months[]` of `/api/states/{code}`) holds it, and the first word of its figures' place (`prices.residential`). */
  key: string;
  name: string;
  unit: string;
  /** Its parts, in the order of the API and the CSV. */
  parts: readonly StateMetricPart[];
  /** Every part in every month (null where EIA has none), or only the parts with a figure. */
  complete: boolean;
  /** The key of the US figures beside the state's in a month (`us`), or null when the month holds only the state's. */
  us: string | null;
  /** A CSV column: `of` is the state's lower-case code or `us`. */
  column: (of: string, part: StateMetricPart) => string;
  /** The kind of figure its vintages are kept as (figure_revisions), each `state|part code`. */
  dataset: FigureDataset;
  /** Where EIA's API v2 publishes it, monthly: its route, data column, and the facets of the state and of the part. */
  eia: { route: string; data: string; stateFacet: string; partFacet: string };
}

/** The monthly fuels of net generation, in the catalog's order (db/catalog/fuels.ts), after `ALL` (every fuel). */
const GENERATION_PARTS: readonly StateMetricPart[] = [
  { code: 'ALL', place: 'ALL' },
  ...FUELS.flatMap((f) => (f.monthly === null ? [] : [{ code: f.monthly, place: f.monthly }])),
];

export const STATE_METRICS = [
  {
    key: 'prices',
    name: 'Average retail price of electricity, by sector',
    unit: 'cents per kilowatthour',
    parts: RETAIL_SECTORS.map((s) => ({ code: s.code, place: s.slug })),
    complete: true,
    us: 'us',
    column: (of, part) => `${of}_${part.place}_cents_per_kwh`,
    dataset: FIGURE_DATASETS.retail,
    eia: { route: 'electricity/retail-sales', data: 'price', stateFacet: 'stateid', partFacet: 'sectorid' },
  },
  {
    key: 'generation',
    name: 'Net generation of all sectors, by fuel (ALL is every fuel)',
    unit: 'thousand megawatthours',
    parts: GENERATION_PARTS,
    complete: false,
    us: null,
    column: (_of, part) => `generation_${part.place.toLowerCase()}_thousand_mwh`,
    dataset: FIGURE_DATASETS.generation,
    eia: { route: 'electricity/electric-power-operational-data', data: 'generation', stateFacet: 'location', partFacet: 'fueltypeid' },
  },
  {
    key: 'sales',
    name: 'Retail sales of electricity, by sector',
    unit: 'million kilowatthours',
    parts: RETAIL_SECTORS.map((s) => ({ code: s.code, place: s.slug })),
    complete: true,
    us: null,
    column: (of, part) => `${of}_${part.place}_sales_million_kwh`,
    dataset: FIGURE_DATASETS.retailSales,
    eia: { route: 'electricity/retail-sales', data: 'sales', stateFacet: 'stateid', partFacet: 'sectorid' },
  },
] as const satisfies readonly StateMetric[];

export type StateMetricKey = (typeof STATE_METRICS)[number]['key'];

/** A metric of the catalog by its key. */
export function stateMetric(key: StateMetricKey): StateMetric {
  const metric = STATE_METRICS.find((m) => m.key === key);
  if (!metric) throw new Error(`No state metric ${key}`);
  return metric;
}
