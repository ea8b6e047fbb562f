import { FALLBACK_ENERGY_MIX, GENERATION_FUELS, type GenerationFuel } from '../constants.ts';

/**
 * Sample monthly generation for a fresh install, until the EIA import replaces it:
 * approximate annual output (TWh) and fuel shares per state. The remainder of each
 * state's output is oil, biomass, geothermal and other sources, counted only in ALL.
 */
type Shares = Partial<Record<Exclude<GenerationFuel, 'ALL'>, number>>;
const STATE_PROFILES: [string, number, Shares][] = [
  ['AL', 142, { COW: 0.18, NG: 0.44, NUC: 0.3, HYC: 0.06, SUN: 0.01 }],
  ['AK', 6, { COW: 0.1, NG: 0.42, HYC: 0.27, WND: 0.02 }],
  ['AZ', 115, { COW: 0.12, NG: 0.45, NUC: 0.27, HYC: 0.05, WND: 0.02, SUN: 0.09 }],
  ['AR', 65, { COW: 0.3, NG: 0.33, NUC: 0.22, HYC: 0.05, SUN: 0.04 }],
  ['CA', 200, { NG: 0.4, NUC: 0.09, HYC: 0.1, WND: 0.06, SUN: 0.2 }],
  ['CO', 58, { COW: 0.35, NG: 0.22, HYC: 0.03, WND: 0.32, SUN: 0.06 }],
  ['CT', 44, { NG: 0.55, NUC: 0.4, HYC: 0.01, SUN: 0.02 }],
  ['DE', 5, { NG: 0.9, SUN: 0.03 }],
  ['DC', 0.2, { NG: 0.3, SUN: 0.5 }],
  ['FL', 260, { COW: 0.06, NG: 0.74, NUC: 0.12, SUN: 0.06 }],
  ['GA', 125, { COW: 0.16, NG: 0.4, NUC: 0.3, HYC: 0.02, SUN: 0.07 }],
  ['HI', 9, { WND: 0.06, SUN: 0.1 }],
  ['ID', 18, { NG: 0.25, HYC: 0.55, WND: 0.15, SUN: 0.03 }],
  ['IL', 180, { COW: 0.18, NG: 0.14, NUC: 0.52, WND: 0.13, SUN: 0.02 }],
  ['IN', 95, { COW: 0.5, NG: 0.35, WND: 0.09, SUN: 0.03 }],
  ['IA', 65, { COW: 0.25, NG: 0.1, WND: 0.6, SUN: 0.01 }],
  ['KS', 53, { COW: 0.23, NG: 0.05, NUC: 0.15, WND: 0.47 }],
  ['KY', 65, { COW: 0.7, NG: 0.23, HYC: 0.07 }],
  ['LA', 100, { COW: 0.05, NG: 0.7, NUC: 0.15, HYC: 0.01, SUN: 0.01 }],
  ['ME', 10, { NG: 0.25, HYC: 0.3, WND: 0.25, SUN: 0.03 }],
  ['MD', 33, { COW: 0.05, NG: 0.4, NUC: 0.45, HYC: 0.05, SUN: 0.03 }],
  ['MA', 20, { NG: 0.7, HYC: 0.01, SUN: 0.18 }],
  ['MI', 115, { COW: 0.25, NG: 0.35, NUC: 0.27, WND: 0.08, SUN: 0.01 }],
  ['MN', 57, { COW: 0.25, NG: 0.17, NUC: 0.24, HYC: 0.01, WND: 0.25, SUN: 0.05 }],
  ['MS', 65, { COW: 0.07, NG: 0.78, NUC: 0.13, SUN: 0.02 }],
  ['MO', 75, { COW: 0.6, NG: 0.15, NUC: 0.13, HYC: 0.02, WND: 0.1 }],
  ['MT', 25, { COW: 0.4, NG: 0.02, HYC: 0.4, WND: 0.16 }],
  ['NE', 40, { COW: 0.5, NUC: 0.17, HYC: 0.02, WND: 0.3 }],
  ['NV', 42, { NG: 0.55, HYC: 0.04, SUN: 0.3 }],
  ['NH', 16, { NG: 0.25, NUC: 0.6, HYC: 0.06, WND: 0.03 }],
  ['NJ', 66, { NG: 0.5, NUC: 0.45, SUN: 0.05 }],
  ['NM', 42, { COW: 0.25, NG: 0.3, WND: 0.38, SUN: 0.07 }],
  ['NY', 120, { NG: 0.45, NUC: 0.23, HYC: 0.23, WND: 0.04, SUN: 0.02 }],
  ['NC', 130, { COW: 0.13, NG: 0.35, NUC: 0.33, HYC: 0.04, SUN: 0.11 }],
  ['ND', 42, { COW: 0.55, NG: 0.05, HYC: 0.05, WND: 0.35 }],
  ['OH', 130, { COW: 0.3, NG: 0.5, NUC: 0.14, WND: 0.03, SUN: 0.02 }],
  ['OK', 90, { COW: 0.08, NG: 0.45, HYC: 0.02, WND: 0.45 }],
  ['OR', 60, { NG: 0.3, HYC: 0.5, WND: 0.12, SUN: 0.03 }],
  ['PA', 240, { COW: 0.08, NG: 0.58, NUC: 0.32, HYC: 0.01, WND: 0.01 }],
  ['RI', 7, { NG: 0.9, WND: 0.03, SUN: 0.05 }],
  ['SC', 100, { COW: 0.12, NG: 0.25, NUC: 0.55, HYC: 0.02, SUN: 0.04 }],
  ['SD', 18, { COW: 0.08, NG: 0.05, HYC: 0.35, WND: 0.52 }],
  ['TN', 80, { COW: 0.2, NG: 0.2, NUC: 0.45, HYC: 0.12, SUN: 0.01 }],
  ['TX', 530, { COW: 0.13, NG: 0.5, NUC: 0.08, WND: 0.24, SUN: 0.05 }],
  ['UT', 37, { COW: 0.55, NG: 0.3, HYC: 0.01, WND: 0.02, SUN: 0.1 }],
  ['VT', 2, { HYC: 0.55, WND: 0.15, SUN: 0.15 }],
  ['VA', 90, { COW: 0.03, NG: 0.55, NUC: 0.34, HYC: 0.01, SUN: 0.05 }],
  ['WA', 110, { COW: 0.03, NG: 0.15, NUC: 0.08, HYC: 0.64, WND: 0.09 }],
  ['WV', 55, { COW: 0.88, NG: 0.07, HYC: 0.02, WND: 0.03 }],
  ['WI', 64, { COW: 0.35, NG: 0.38, NUC: 0.16, HYC: 0.03, WND: 0.03, SUN: 0.03 }],
  ['WY', 40, { COW: 0.7, NG: 0.02, HYC: 0.02, WND: 0.25 }],
];

/** The US mix of the latest sample month: the fallback energy mix, renewables split by source. */
const US_LATEST_SHARES: Record<Exclude<GenerationFuel, 'ALL'>, number> = (() => {
  const share = (source: string) => (FALLBACK_ENERGY_MIX.find((m) => m.source === source)?.percentage ?? 0) / 100;
  const renewables = share('Renewables');
  return {
    NG: share('Natural Gas'),
    COW: share('Coal'),
    NUC: share('Nuclear'),
    HYC: renewables * 0.25,
    WND: renewables * 0.44,
    SUN: renewables * 0.31,
  };
})();

export const GENERATION_SEED_MONTHS = 24;

/** Seasonal factor of demand: summer and winter peaks. */
const seasonal = (month: number) => 1 + 0.12 * Math.cos(((month - 7) / 6) * Math.PI) ** 2 - 0.04;
/** Solar follows the sun. */
const solarSeason = (month: number) => 1 + 0.35 * Math.cos(((month - 6) / 6) * Math.PI);

/** The sample months, oldest first: 24 months ending three months before `now` (EIA's lag). */
export function generationMonths(now: Date): string[] {
  const months: string[] = [];
  for (let back = GENERATION_SEED_MONTHS + 2; back >= 3; back--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  return months;
}

const round = (v: number) => Math.round(v * 100) / 100;

/** Rows of the `generation` table for a fresh install (thousand MWh). */
export function generateGeneration(now: Date): { period: string; location: string; fuel: string; value: number; source: string }[] {
  const months = generationMonths(now);
  const latest = months.at(-1);
  const rows: { period: string; location: string; fuel: string; value: number; source: string }[] = [];
  for (const [index, period] of months.entries()) {
    const month = Number(period.slice(5, 7));
    const trend = 1 + (index - months.length) * 0.0015;
    let usTotal = 0;
    for (const [location, twh, shares] of STATE_PROFILES) {
      const total = ((twh * 1000) / 12) * seasonal(month) * trend;
      usTotal += total;
      rows.push({ period, location, fuel: 'ALL', value: round(total), source: 'seed' });
      for (const [fuel, share] of Object.entries(shares)) {
        const factor = fuel === 'SUN' ? solarSeason(month) : 1;
        rows.push({ period, location, fuel, value: round(total * share * factor), source: 'seed' });
      }
    }
    rows.push({ period, location: 'US', fuel: 'ALL', value: round(usTotal), source: 'seed' });
    for (const fuel of GENERATION_FUELS) {
      if (fuel === 'ALL') continue;
      // The latest month matches the fallback mix exactly; earlier ones drift with the seasons.
      const drift = period === latest ? 1 : fuel === 'SUN' ? solarSeason(month) : fuel === 'NG' ? seasonal(month) : 1 - (seasonal(month) - 1) * 0.5;
      rows.push({ period, location: 'US', fuel, value: round(usTotal * US_LATEST_SHARES[fuel] * drift), source: 'seed' });
    }
  }
  return rows;
}
