// Sample monthly retail electricity prices by state and sector for a fresh install, until the
// EIA import replaces them (labeled "Illustrative sample" wherever they show), from the same
// model as the market history (`market-model.ts`): the US residential price of each month is
// the sample's US residential electricity series, month for month (so the states pages and the
// price strip show the same latest month and figure); each state's residential price stands at
// its approximate level against the US in the latest month and reaches it along a trend and
// a seasonal swing of its own, so states' changes over a year differ as they do in EIA's data;
// commercial and industrial prices sit below it by the usual margins. Deterministic.
import { RETAIL_SECTOR_CODES, type RetailSectorCode } from '../catalog/states.ts';
import { sampleMarketHistory } from './market-model.ts';

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

/** A deterministic number in [-0.5, 0.5) of a key (a state, a state and sector). */
export function unit(key: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16_777_619) >>> 0;
  return (h % 10_000) / 10_000 - 0.5;
}

/**
 * A state's residential price against the US one, month by month (`months` from the latest,
 * 0, back): 1 in the latest month; before it, its own yearly drift against the US (from 4
 * points a year slower to 4 faster) and its own summer or winter swing (up to 4% either way).
 */
function stateFactor(state: string, monthsBack: number, month: number): number {
  if (state === 'US') return 1;
  const drift = unit(`${state}:drift`) * 0.08;
  const swing = unit(`${state}:season`) * 0.08;
  const season = (m: number) => 1 + swing * Math.cos(((m - 7) / 6) * Math.PI);
  const latestMonth = ((((month - 1 + monthsBack) % 12) + 12) % 12) + 1;
  return (1 + drift) ** (-monthsBack / 12) * (season(month) / season(latestMonth));
}

/** The months of the sample's US residential electricity series the state samples hold (prices and sales), the latest last. */
export function sampleRetailMonths(now: Date): { period: string; value: number }[] {
  return (sampleMarketHistory(now).get('electricity') ?? []).slice(-RETAIL_SEED_MONTHS);
}

/** Rows of `retail_prices` for a fresh install, cents per kWh: the months of the sample's US residential electricity series, the latest last. */
export function sampleRetailPrices(now: Date): { state: string; sector: RetailSectorCode; period: string; price: number; sample: true }[] {
  const us = sampleRetailMonths(now);
  const rows: { state: string; sector: RetailSectorCode; period: string; price: number; sample: true }[] = [];
  const level = RESIDENTIAL['US'] ?? 1;
  for (const [state, residential] of Object.entries(RESIDENTIAL)) {
    for (const sector of RETAIL_SECTOR_CODES) {
      const margin = SECTOR_RATIO[sector] + (sector === 'RES' ? 0 : unit(`${state}${sector}`) * 0.12);
      for (const [index, o] of us.entries()) {
        const back = us.length - 1 - index;
        const price = o.value * (residential / level) * stateFactor(state, back, Number(o.period.slice(5, 7))) * margin;
        rows.push({ state, sector, period: o.period.slice(0, 7), price: Math.round(price * 100) / 100, sample: true });
      }
    }
  }
  return rows;
}
