// The live US grid as EIA's hourly electric grid monitor (Form EIA-930) reports it: the Lower 48
// and its 13 regions, each defined once with its name, time zone and how late its data may be;
// and the fuels of net generation. (The states' monthly figures are db/catalog/states.ts.)
// The seed, the hourly import, the pages, the data API and the alerts read them. Imports
// only the fuel catalog, so isomorphic code may import it.
import { FUELS } from './fuels.ts';

export interface GridRegion {
  /** EIA's respondent code (`US48`, `TEX`): the facet the import asks for, the address of its page. */
  code: string;
  name: string;
  /** Inside a sentence: "the Lower 48", "Texas". */
  shortName: string;
  /** The IANA zone its hours are said in, as EIA's grid monitor does for the region. */
  timeZone: string;
  /** The zone's abbreviation as readers say it (daylight and standard time alike): "CT". */
  zoneAbbr: string;
  /** The zone's name: "Central Time". */
  zoneName: string;
  /** Who runs the grid there (the balancing authorities it sums). */
  description: string;
}

/** The Lower 48's respondent code; the regions below sum to it. */
export const LOWER_48 = 'US48';

export const GRID_REGIONS = [
  {
    code: 'US48',
    name: 'Lower 48 states',
    shortName: 'the Lower 48',
    timeZone: 'America/New_York',
    zoneAbbr: 'ET',
    zoneName: 'Eastern Time',
    description: 'Every balancing authority of the contiguous United States.',
  },
  {
    code: 'CAL',
    name: 'California',
    shortName: 'California',
    timeZone: 'America/Los_Angeles',
    zoneAbbr: 'PT',
    zoneName: 'Pacific Time',
    description: 'CAISO, LADWP, Balancing Authority of Northern California, Imperial Irrigation District and others.',
  },
  {
    code: 'CAR',
    name: 'Carolinas',
    shortName: 'the Carolinas',
    timeZone: 'America/New_York',
    zoneAbbr: 'ET',
    zoneName: 'Eastern Time',
    description: 'Duke Energy Carolinas and Progress, Santee Cooper and Dominion Energy South Carolina.',
  },
  {
    code: 'CENT',
    name: 'Central',
    shortName: 'the Central region',
    timeZone: 'America/Chicago',
    zoneAbbr: 'CT',
    zoneName: 'Central Time',
    description: 'Southwest Power Pool (SPP) and its neighbors on the Great Plains.',
  },
  {
    code: 'FLA',
    name: 'Florida',
    shortName: 'Florida',
    timeZone: 'America/New_York',
    zoneAbbr: 'ET',
    zoneName: 'Eastern Time',
    description: 'Florida Power & Light, Duke Energy Florida, Tampa Electric, JEA and others.',
  },
  {
    code: 'MIDA',
    name: 'Mid-Atlantic',
    shortName: 'the Mid-Atlantic',
    timeZone: 'America/New_York',
    zoneAbbr: 'ET',
    zoneName: 'Eastern Time',
    description: 'PJM Interconnection, from New Jersey to Illinois.',
  },
  {
    code: 'MIDW',
    name: 'Midwest',
    shortName: 'the Midwest',
    timeZone: 'America/Chicago',
    zoneAbbr: 'CT',
    zoneName: 'Central Time',
    description: 'Midcontinent ISO (MISO) and its neighbors, from Louisiana to Minnesota.',
  },
  {
    code: 'NE',
    name: 'New England',
    shortName: 'New England',
    timeZone: 'America/New_York',
    zoneAbbr: 'ET',
    zoneName: 'Eastern Time',
    description: 'ISO New England.',
  },
  {
    code: 'NY',
    name: 'New York',
    shortName: 'New York',
    timeZone: 'America/New_York',
    zoneAbbr: 'ET',
    zoneName: 'Eastern Time',
    description: 'New York ISO (NYISO).',
  },
  {
    code: 'NW',
    name: 'Northwest',
    shortName: 'the Northwest',
    timeZone: 'America/Los_Angeles',
    zoneAbbr: 'PT',
    zoneName: 'Pacific Time',
    description: 'Bonneville Power Administration, PacifiCorp, Idaho Power and the other utilities of the Northwest and the Rockies.',
  },
  {
    code: 'SE',
    name: 'Southeast',
    shortName: 'the Southeast',
    timeZone: 'America/Chicago',
    zoneAbbr: 'CT',
    zoneName: 'Central Time',
    description: 'Southern Company and its neighbors in Alabama, Georgia and Mississippi.',
  },
  {
    code: 'SW',
    name: 'Southwest',
    shortName: 'the Southwest',
    timeZone: 'America/Phoenix',
    zoneAbbr: 'MST',
    zoneName: 'Mountain Standard Time',
    description: 'Arizona Public Service, Salt River Project, Tucson Electric Power, Public Service of New Mexico and others.',
  },
  {
    code: 'TEN',
    name: 'Tennessee',
    shortName: 'Tennessee',
    timeZone: 'America/Chicago',
    zoneAbbr: 'CT',
    zoneName: 'Central Time',
    description: 'The Tennessee Valley Authority (TVA).',
  },
  {
    code: 'TEX',
    name: 'Texas',
    shortName: 'Texas',
    timeZone: 'America/Chicago',
    zoneAbbr: 'CT',
    zoneName: 'Central Time',
    description: 'The Electric Reliability Council of Texas (ERCOT).',
  },
] as const satisfies readonly GridRegion[];

export type GridRegionCode = (typeof GRID_REGIONS)[number]['code'];

/** The regions beside the Lower 48, as a sentence names them: "EIA’s 13 regions". */
export const GRID_REGIONS_PHRASE = `EIA’s ${GRID_REGIONS.length - 1} regions`;

/** Every respondent code the import asks EIA for, the Lower 48 first. */
export const GRID_REGION_CODES: readonly GridRegionCode[] = GRID_REGIONS.map((r) => r.code);

/** A fuel of the hourly grid: EIA-930's `fueltype` code, with the catalog's name and colour. */
export interface GridFuel {
  code: GridFuelCode;
  label: string;
  color: string;
  /** Charges from the grid, so its hours can be negative by nature. */
  storage: boolean;
}

/** The fuel codes of EIA-930 the grid keeps apart, in the order they are charted (db/catalog/fuels.ts). */
export type GridFuelCode = NonNullable<(typeof FUELS)[number]['grid']>;

/**
 * The fuels of hourly net generation, in EIA's `fueltype` codes, in the order they are charted
 * (steady sources first, storage and Other on top): every fuel of the catalog the grid reports.
 * Codes counted with one of them are in `GRID_FUEL_ALIASES`; any other code counts in Other.
 */
export const GRID_FUELS: readonly GridFuel[] = FUELS.flatMap((f) =>
  f.grid === null ? [] : [{ code: f.grid, label: f.label, color: f.color, storage: f.storage }],
);

export const GRID_FUEL_CODES: readonly GridFuelCode[] = GRID_FUELS.map((f) => f.code);

/** What the hourly region data holds, by EIA's `type` code. */
export const GRID_SERIES_TYPES = { D: 'demand', DF: 'forecast', NG: 'generation', TI: 'interchange' } as const;

/**
 * Hours after which the latest hour of a region is stale: EIA publishes each hour about an
 * hour after it ends, and some balancing authorities report a few hours late.
 */
export const GRID_STALE_AFTER_HOURS = 6;

/** How long hourly data is kept: two years and a month, so a full two years can be compared. */
export const GRID_RETENTION_DAYS = 760;
