// Sample monthly retail electricity prices by state and sector for a fresh install, until the
// EIA import replaces them (labeled "Illustrative sample" wherever they show): each state's
// approximate residential price, commercial and industrial prices below it by the usual
// margins, summer bills a little higher, a slow upward drift. Deterministic.
import { RETAIL_SECTOR_CODES, type RetailSectorCode } from '../catalog/grid.ts';

/** Approximate average residential price, cents per kWh. */
const RESIDENTIAL: Record<string, number> = {
  US: 16.5,
  AL: 15.5,
  AK: 24.5,
  AZ: 15.0,
  AR: 12.8,
  CA: 31.0,
  CO: 15.5,
  CT: 29.5,
  DE: 16.5,
  DC: 18.5,
  FL: 15.3,
  GA: 14.0,
  HI: 41.0,
  ID: 11.5,
  IL: 16.0,
  IN: 15.5,
  IA: 13.5,
  KS: 14.5,
  KY: 13.0,
  LA: 12.0,
  ME: 27.0,
  MD: 18.0,
  MA: 30.0,
  MI: 19.0,
  MN: 15.5,
  MS: 13.5,
  MO: 13.5,
  MT: 13.0,
  NE: 11.5,
  NV: 14.5,
  NH: 25.0,
  NJ: 19.5,
  NM: 14.5,
  NY: 24.5,
  NC: 13.5,
  ND: 11.2,
  OH: 16.0,
  OK: 13.0,
  OR: 13.5,
  PA: 18.0,
  RI: 30.0,
  SC: 14.5,
  SD: 13.0,
  TN: 12.8,
  TX: 15.0,
  UT: 11.8,
  VT: 22.5,
  VA: 14.5,
  WA: 12.0,
  WV: 14.5,
  WI: 17.5,
  WY: 12.0,
};

/** Each sector's price against the residential one (the US's usual margins). */
const SECTOR_RATIO: Record<RetailSectorCode, number> = { RES: 1, COM: 0.78, IND: 0.52, ALL: 0.8 };

/** Months of sample history: three years and the month a year before them, so each shows a change over a year. */
export const RETAIL_SEED_MONTHS = 37;

/** A small fixed offset per state and sector, so the margins differ a little from state to state. */
function spread(key: string): number {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) >>> 0;
  return ((h % 1000) / 1000 - 0.5) * 0.12;
}

/** The sample months, oldest first, ending three months before `now` (EIA's publication lag). */
export function retailMonths(now: Date): string[] {
  const months: string[] = [];
  for (let back = RETAIL_SEED_MONTHS + 2; back >= 3; back--) {
    months.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7));
  }
  return months;
}

/** Rows of `retail_prices` for a fresh install, cents per kWh. */
export function sampleRetailPrices(now: Date): { state: string; sector: RetailSectorCode; period: string; price: number; sample: true }[] {
  const months = retailMonths(now);
  const rows: { state: string; sector: RetailSectorCode; period: string; price: number; sample: true }[] = [];
  for (const [state, residential] of Object.entries(RESIDENTIAL)) {
    for (const sector of RETAIL_SECTOR_CODES) {
      const base = residential * (SECTOR_RATIO[sector] + (sector === 'RES' ? 0 : spread(`${state}${sector}`)));
      for (const [index, period] of months.entries()) {
        const month = Number(period.slice(5, 7));
        // Summer (and, less, winter) bills are higher for homes; businesses' prices vary less.
        const season = 1 + (sector === 'RES' ? 0.05 : 0.025) * Math.cos(((month - 7) / 6) * Math.PI) ** 2;
        const trend = 1 + (index - months.length) * 0.0025;
        rows.push({ state, sector, period, price: Math.round(base * season * trend * 100) / 100, sample: true });
      }
    }
  }
  return rows;
}
