// Every fuel the site names, once: its name and its colour on every chart, table key, export and
// embed (the grid's hourly mix, a state's monthly generation, the home page's energy mix, the
// Market Share report), in light and dark mode alike, with its codes in EIA's two vocabularies.
// Imports nothing, so isomorphic code may import it.
//
// EIA-930's fuel codes (`electricity/rto/fuel-type-data`, facet `fueltype`), as EIA's facet list
// answers them (recorded by giraffeTreePruner/Grid_Authority, tests/fixtures/eia/facets/fueltype.json,
// commit 01bb2e5fc7006865356eb5364f546f011098f4ec): COL coal, NG natural gas, NUC nuclear, OIL
// petroleum, WAT hydro, SUN solar, WND wind, GEO geothermal, BAT battery storage, PS pumped
// storage, OES other energy storage, UES unknown energy storage, SNB solar with integrated battery
// storage, WNB wind with integrated battery storage, OTH other, UNK unknown. The same names, with
// the note that EIA keeps adding fuel types, are in gridstatus/gridstatus,
// gridstatus/eia_constants.py (EIA_FUEL_TYPES, commit 216e3b726e79aaed1b92a209f5ee43bf815c0f86).
//
// The colours: one per fuel, told apart from the fuels they can sit beside in a stack (the grid's
// order below, with any of geothermal, petroleum and the storage fuels absent; the monthly
// order; the energy mix's ring) by a CIEDE2000 difference of at least 15 for readers with
// protanopia, deuteranopia or tritanopia (Machado et al. 2009 simulation), and from the light and
// the dark chart background by at least 15. tests/unit/fuel-colours.test.ts checks both.

export interface Fuel {
  /** The site's name for it, in a sentence's case: "Natural gas". */
  label: string;
  /** Its colour on every chart, in both themes. */
  color: string;
  /** Its `fueltype` code in EIA-930's hourly grid data, or null when the grid does not report it apart. */
  grid: string | null;
  /** Its `fueltypeid` in EIA's monthly generation (`electricity/electric-power-operational-data`), or null. */
  monthly: string | null;
  /** Storage draws power when it charges: its net generation is negative then, by nature. */
  storage: boolean;
  /** Counted in "Renewables" (the energy mix, the states' renewable shares). */
  renewable: boolean;
}

/** The "everything else" fuel: what the listed fuels leave of a total, and sources EIA does not name. */
export const OTHER_FUEL = { label: 'Other', color: '#9ca3af', grid: 'OTH', monthly: null, storage: false, renewable: false } as const satisfies Fuel;

/** The fuels, in the order a stack draws them: steady sources at the bottom, storage and Other on top. */
export const FUELS = [
  { label: 'Nuclear', color: '#a855f7', grid: 'NUC', monthly: 'NUC', storage: false, renewable: false },
  { label: 'Coal', color: '#44403c', grid: 'COL', monthly: 'COW', storage: false, renewable: false },
  { label: 'Natural gas', color: '#f97316', grid: 'NG', monthly: 'NG', storage: false, renewable: false },
  { label: 'Petroleum', color: '#7f1d1d', grid: 'OIL', monthly: null, storage: false, renewable: false },
  { label: 'Hydro', color: '#0e7490', grid: 'WAT', monthly: 'HYC', storage: false, renewable: true },
  { label: 'Geothermal', color: '#a16207', grid: 'GEO', monthly: null, storage: false, renewable: true },
  { label: 'Wind', color: '#10b981', grid: 'WND', monthly: 'WND', storage: false, renewable: true },
  { label: 'Solar', color: '#facc15', grid: 'SUN', monthly: 'SUN', storage: false, renewable: true },
  { label: 'Battery storage', color: '#be185d', grid: 'BAT', monthly: null, storage: true, renewable: false },
  { label: 'Pumped storage', color: '#312e81', grid: 'PS', monthly: null, storage: true, renewable: false },
  { label: 'Other storage', color: '#e879f9', grid: 'OES', monthly: null, storage: true, renewable: false },
  OTHER_FUEL,
] as const satisfies readonly Fuel[];

/** The energy mix's group of hydro, wind and solar: a colour of its own, between theirs. */
export const RENEWABLES = { label: 'Renewables', color: '#0d9488' } as const;

/**
 * EIA-930 codes that are counted with a listed fuel: a solar or wind plant with a battery behind
 * the same meter counts with its generator, storage of an unknown kind with Other storage, and
 * an unknown source with Other. Any code EIA adds later counts in Other until it is listed here.
 */
export const GRID_FUEL_ALIASES: Readonly<Record<string, string>> = { SNB: 'SUN', WNB: 'WND', UES: 'OES', UNK: 'OTH' };

const byName = new Map<string, { label: string; color: string }>(
  [...FUELS, RENEWABLES].map((f) => [f.label.toLowerCase(), { label: f.label, color: f.color }]),
);

/** A fuel (or Renewables) by its name in any case ("Natural Gas", "natural gas"), or undefined. */
export function fuelByName(name: string): { label: string; color: string } | undefined {
  return byName.get(name.trim().toLowerCase());
}

/** A fuel's colour by its name in any case, or undefined for a name the catalog does not know. */
export function fuelColor(name: string): string | undefined {
  return fuelByName(name)?.color;
}

/**
 * A fuel's name in the energy mix (the home page's pie, `/api/energy-mix`): title case, as the
 * product spec writes its sources ("Natural Gas").
 */
export function energyMixName(label: string): string {
  return label.replace(/\b\p{Ll}/gu, (c) => c.toUpperCase());
}
