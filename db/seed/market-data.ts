/**
 * Sample market history for a fresh install: deterministic random walks around
 * realistic levels, so charts look alive before the EIA import has run.
 */
export interface SeedSeries {
  slug: string;
  name: string;
  unit: string;
  frequency: 'daily' | 'weekly' | 'monthly';
  decimals: number;
  start: number;
  volatility: number;
  points: number;
}

export const seedSeries: SeedSeries[] = [
  { slug: 'wti', name: 'WTI Crude Oil', unit: '$/bbl', frequency: 'daily', decimals: 2, start: 71.4, volatility: 0.018, points: 380 },
  { slug: 'brent', name: 'Brent Crude Oil', unit: '$/bbl', frequency: 'daily', decimals: 2, start: 75.2, volatility: 0.017, points: 380 },
  { slug: 'henry-hub', name: 'Henry Hub Natural Gas', unit: '$/MMBtu', frequency: 'daily', decimals: 2, start: 2.9, volatility: 0.035, points: 380 },
  { slug: 'gasoline', name: 'US Regular Gasoline', unit: '$/gal', frequency: 'weekly', decimals: 3, start: 3.21, volatility: 0.012, points: 104 },
  {
    slug: 'electricity',
    name: 'US Residential Electricity',
    unit: '¢/kWh',
    frequency: 'monthly',
    decimals: 2,
    start: 15.9,
    volatility: 0.015,
    points: 36,
  },
];

/** Small deterministic PRNG (mulberry32), so every fresh install shows the same history. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isoDate = (d: Date): string => d.toISOString().slice(0, 10);

/** The observation dates of a series, oldest first, ending at or before `end`. */
export function seriesPeriods(series: SeedSeries, end: Date): string[] {
  const periods: string[] = [];
  const cursor = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate()));
  if (series.frequency === 'monthly') cursor.setUTCDate(1);
  if (series.frequency === 'weekly') cursor.setUTCDate(cursor.getUTCDate() - ((cursor.getUTCDay() + 6) % 7));
  while (periods.length < series.points) {
    const day = cursor.getUTCDay();
    if (series.frequency !== 'daily' || (day !== 0 && day !== 6)) periods.unshift(isoDate(cursor));
    if (series.frequency === 'monthly') cursor.setUTCMonth(cursor.getUTCMonth() - 1);
    else cursor.setUTCDate(cursor.getUTCDate() - (series.frequency === 'weekly' ? 7 : 1));
  }
  return periods;
}

/** Generates the series' observations as a mean-reverting random walk. */
export function generateObservations(series: SeedSeries, end: Date, seed: number): { period: string; value: number }[] {
  const random = prng(seed);
  const factor = 10 ** series.decimals;
  let value = series.start;
  return seriesPeriods(series, end).map((period) => {
    const shock = (random() - 0.5) * 2 * series.volatility;
    const pull = ((series.start - value) / series.start) * 0.04;
    value = Math.max(series.start * 0.4, value * (1 + shock + pull));
    return { period, value: Math.round(value * factor) / factor };
  });
}

/** The fallback US generation mix (the product's stated figures). */
export const seedEnergyMix = [
  { source: 'Natural Gas', percentage: 38.4 },
  { source: 'Renewables', percentage: 23.1 },
  { source: 'Coal', percentage: 19.7 },
  { source: 'Nuclear', percentage: 18.8 },
];

export const seedAnalyticsContent = [
  {
    title: 'Crude benchmarks: a quarter of range-bound trading',
    type: 'chart' as const,
    content:
      'WTI and Brent traded in a narrow band this quarter as steady US output met firm refinery demand. The spread between the two benchmarks compressed as more US cargoes set the Dated Brent price.',
    metadata: { series: ['wti', 'brent'], range: '90d' },
  },
  {
    title: 'Winter gas outlook dashboard',
    type: 'dashboard' as const,
    content:
      'Storage, production and LNG feedgas in one view. Inventories enter the heating season near the five-year average while export demand runs close to capacity.',
    metadata: { series: ['henry-hub'], refresh: 'weekly' },
  },
  {
    title: 'Quarterly report: the US generation mix',
    type: 'report' as const,
    content:
      'Natural gas remains the largest source of US electricity, renewables continue to gain share, and coal falls to a new low. Nuclear output is steady with capacity factors above 90 percent.',
    metadata: { period: 'quarterly' },
  },
  {
    title: 'Insight: batteries are reshaping evening power prices',
    type: 'insight' as const,
    content:
      'In markets with large battery fleets, evening price spikes are shorter and shallower. Storage owners are shifting toward longer-duration systems and ancillary services as arbitrage narrows.',
    metadata: { markets: ['ERCOT', 'CAISO'] },
  },
  {
    title: 'Retail gasoline: regional price spreads',
    type: 'chart' as const,
    content:
      'The gap between West Coast and Gulf Coast pump prices widened during refinery maintenance and has since narrowed. National average prices track crude with a lag of about two weeks.',
    metadata: { series: ['gasoline'] },
  },
];
