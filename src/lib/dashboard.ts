import type { EnergyMixEntry } from '@/lib/types';

/** The dashboard cards' fixed sample figures and texts. */
export const PRODUCTION_TREND = [
  { month: 'Jan', value: 42000 },
  { month: 'Feb', value: 45000 },
  { month: 'Mar', value: 48000 },
  { month: 'Apr', value: 52000 },
  { month: 'May', value: 49000 },
  { month: 'Jun', value: 55000 },
] as const;

export const VOLATILITY_BY_WEEK = [
  { week: 'Week 1', value: 15.2 },
  { week: 'Week 2', value: 18.7 },
  { week: 'Week 3', value: 22.1 },
  { week: 'Week 4', value: 19.4 },
] as const;

export { FALLBACK_ENERGY_MIX } from '@db/constants';

export const PRICE_CHANGE_TEXT = '+12.4% vs last quarter';
export const VOLATILITY_TEXT = '18.7% 30-day volatility';
export const DEFAULT_RENEWABLE_SHARE = 23.1;

/** Fixed pie colors by source (fixed colors); unknown sources cycle the extras. */
export const ENERGY_MIX_COLORS: Record<string, string> = {
  'Natural Gas': '#1d4ed8',
  Renewables: '#15803d',
  Coal: '#52525b',
  Nuclear: '#c2410c',
};
const EXTRA_COLORS = ['#7c3aed', '#0891b2', '#be185d', '#a16207'];

export function energyMixColors(mix: EnergyMixEntry[]): string[] {
  let extra = 0;
  return mix.map((m) => ENERGY_MIX_COLORS[m.source] ?? EXTRA_COLORS[extra++ % EXTRA_COLORS.length] ?? '#6b7280');
}

/** The renewable share shown beside the pie: the Renewables entry, else 23.1%. */
export function renewableShare(mix: EnergyMixEntry[]): number {
  return mix.find((m) => m.source === 'Renewables')?.percentage ?? DEFAULT_RENEWABLE_SHARE;
}
