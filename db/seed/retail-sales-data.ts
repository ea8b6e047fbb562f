// Sample monthly retail sales of electricity by state and sector for a fresh install, until the
// EIA import replaces them (labeled "Illustrative sample" wherever they show), over the months of
// the sample prices (`retail-data.ts`): each state's yearly sales at about its level in EIA's
// recent years, spread over the months with a summer peak and a smaller winter one (stronger in
// homes than in factories), split between homes, businesses and industry by shares of its own;
// the US is the sum of the states. Deterministic.
import type { RetailSectorCode } from '../catalog/states.ts';
import { sampleRetailMonths, unit } from './retail-data.ts';

/** Approximate yearly retail sales of every sector, terawatthours (billion kWh). */
const YEARLY: Record<string, number> = {
  AL: 86,
  AK: 6,
  AZ: 83,
  AR: 48,
  CA: 245,
  CO: 57,
  CT: 28,
  DE: 11,
  DC: 11,
  FL: 250,
  GA: 140,
  HI: 9,
  ID: 26,
  IL: 135,
  IN: 100,
  IA: 52,
  KS: 41,
  KY: 71,
  LA: 93,
  ME: 12,
  MD: 58,
  MA: 52,
  MI: 100,
  MN: 67,
  MS: 49,
  MO: 80,
  MT: 16,
  NE: 33,
  NV: 40,
  NH: 11,
  NJ: 73,
  NM: 28,
  NY: 142,
  NC: 140,
  ND: 26,
  OH: 150,
  OK: 65,
  OR: 52,
  PA: 145,
  RI: 7,
  SC: 82,
  SD: 14,
  TN: 100,
  TX: 475,
  UT: 33,
  VT: 5.5,
  VA: 135,
  WA: 92,
  WV: 31,
  WI: 69,
  WY: 16,
};

/** Each sector's usual share of a state's sales (the US's), before the state's own lean. */
const SHARE: Record<Exclude<RetailSectorCode, 'ALL'>, number> = { RES: 0.38, COM: 0.36, IND: 0.26 };

/** A month's weight in a year (mean 1): a summer peak and a smaller winter one, `swing` their size. */
function season(month: number, swing: number): number {
  return 1 + swing * (0.7 * Math.cos(((month - 7.5) / 6) * Math.PI) ** 2 + 0.3 * Math.cos(((month - 1) / 6) * Math.PI) - 0.35);
}

type SalesRow = { state: string; sector: RetailSectorCode; period: string; value: number; sample: true };

/** Rows of `retail_sales` for a fresh install, million kWh: the months of the sample prices, the latest last. */
export function sampleRetailSales(now: Date): SalesRow[] {
  const months = sampleRetailMonths(now).map((o) => o.period.slice(0, 7));
  const rows: SalesRow[] = [];
  const us = new Map<string, number>();
  const round = (v: number) => Math.round(v * 1000) / 1000;
  for (const [state, yearly] of Object.entries(YEARLY)) {
    // A state's own lean towards homes or industry, and each sector's own growth over the three years.
    const lean = unit(`${state}:lean`) * 0.16;
    const shares = { RES: SHARE.RES + lean / 2, COM: SHARE.COM, IND: SHARE.IND - lean / 2 };
    for (const [index, period] of months.entries()) {
      const month = Number(period.slice(5, 7));
      const level = (yearly * 1000) / 12;
      let all = 0;
      for (const sector of ['RES', 'COM', 'IND'] as const) {
        const growth = (1 + unit(`${state}${sector}:growth`) * 0.06) ** ((index - months.length + 1) / 12);
        const value = round(level * growth * shares[sector] * season(month, sector === 'RES' ? 0.35 : sector === 'COM' ? 0.15 : 0.05));
        all += value;
        rows.push({ state, sector, period, value, sample: true });
        us.set(`${sector}|${period}`, (us.get(`${sector}|${period}`) ?? 0) + value);
      }
      rows.push({ state, sector: 'ALL', period, value: round(all), sample: true });
      us.set(`ALL|${period}`, (us.get(`ALL|${period}`) ?? 0) + all);
    }
  }
  for (const [key, value] of us) {
    const [sector, period] = key.split('|') as [RetailSectorCode, string];
    rows.push({ state: 'US', sector, period, value: round(value), sample: true });
  }
  return rows;
}
