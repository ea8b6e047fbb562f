import { FUELS } from '@db/catalog/fuels';
import type { GenerationFuel } from '@db/constants';

export { GENERATION_FUELS, type GenerationFuel } from '@db/constants';

/** US states (and DC) by postal code, as EIA's `location` facet names them. */
export const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

/** The monthly generation fuels of the catalog (db/catalog/fuels.ts), in its order: their EIA `fueltypeid`, name and color. */
export const MONTHLY_FUELS = FUELS.flatMap((f) =>
  f.monthly === null ? [] : [{ code: f.monthly, label: f.label, color: f.color, renewable: f.renewable }],
);
type MonthlyFuel = (typeof MONTHLY_FUELS)[number]['code'];

/** Display names of the fuels (the total excluded), in the catalog's order. */
export const FUEL_LABELS = Object.fromEntries(MONTHLY_FUELS.map((f) => [f.code, f.label])) as Record<Exclude<GenerationFuel, 'ALL'>, string>;

/** Fuels counted as renewable in the energy mix's "Renewables". */
export const RENEWABLE_FUELS: readonly MonthlyFuel[] = MONTHLY_FUELS.filter((f) => f.renewable).map((f) => f.code);

/** A stored series' `source` after an EIA import: `eia:<route>:<facet values>`. */
export function eiaSource(route: string, facets: Readonly<Record<string, readonly string[]>>): string {
  return `eia:${route}:${Object.values(facets).flat().join(',')}`;
}

/** Whether a stored series' `source` names an EIA import (else it is sample history). */
export function isEiaSource(source: string): boolean {
  return source.startsWith('eia:');
}

// Every monthly fuel the import keeps is in the catalog, and every catalog fuel with a monthly code is kept.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const monthlyFuelsMatch: Same<MonthlyFuel, Exclude<GenerationFuel, 'ALL'>> = true;
void monthlyFuelsMatch;
