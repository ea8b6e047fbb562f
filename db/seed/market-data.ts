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
  /** Day of the week a weekly series is dated (0 Sunday … 6 Saturday; default Monday). */
  weekday?: number;
  /** Whether the series appears in the market-data list and its cards (default true). */
  listed?: boolean;
  /** A yearly swing around `start`: its amplitude and the day of the year it peaks. */
  seasonal?: { amplitude: number; peakDay: number };
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
  // What the industry watches besides prices: output, stocks and storage, and diesel.
  {
    slug: 'crude-production',
    name: 'US Crude Oil Production',
    unit: 'thousand b/d',
    frequency: 'monthly',
    decimals: 0,
    start: 13_400,
    volatility: 0.008,
    points: 72,
    listed: false,
  },
  {
    slug: 'crude-inventories',
    name: 'US Commercial Crude Oil Inventories',
    unit: 'thousand bbl',
    frequency: 'weekly',
    decimals: 0,
    start: 430_000,
    volatility: 0.006,
    points: 320,
    weekday: 5,
    listed: false,
  },
  {
    slug: 'cushing-stocks',
    name: 'Cushing, OK Crude Oil Stocks',
    unit: 'thousand bbl',
    frequency: 'weekly',
    decimals: 0,
    start: 28_000,
    volatility: 0.03,
    points: 320,
    weekday: 5,
    listed: false,
  },
  {
    slug: 'gas-storage',
    name: 'Working Gas in Storage (Lower 48)',
    unit: 'Bcf',
    frequency: 'weekly',
    decimals: 0,
    start: 2_850,
    volatility: 0.015,
    points: 320,
    weekday: 5,
    listed: false,
    // Fills from April to early November, draws through the winter (the pull toward the
    // season lags it by about two months, hence the earlier peak day).
    seasonal: { amplitude: 1_450, peakDay: 255 },
  },
  {
    slug: 'diesel',
    name: 'US On-Highway Diesel',
    unit: '$/gal',
    frequency: 'weekly',
    decimals: 3,
    start: 3.78,
    volatility: 0.01,
    points: 320,
    listed: false,
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
  if (series.frequency === 'weekly') cursor.setUTCDate(cursor.getUTCDate() - ((cursor.getUTCDay() + 7 - (series.weekday ?? 1)) % 7));
  while (periods.length < series.points) {
    const day = cursor.getUTCDay();
    if (series.frequency !== 'daily' || (day !== 0 && day !== 6)) periods.unshift(isoDate(cursor));
    if (series.frequency === 'monthly') cursor.setUTCMonth(cursor.getUTCMonth() - 1);
    else cursor.setUTCDate(cursor.getUTCDate() - (series.frequency === 'weekly' ? 7 : 1));
  }
  return periods;
}

/** Where a series tends to on a date: its level, or the point of its yearly swing. */
function levelOn(series: SeedSeries, period: string): number {
  if (!series.seasonal) return series.start;
  const date = new Date(`${period}T00:00:00Z`);
  const dayOfYear = (date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000;
  return series.start + series.seasonal.amplitude * Math.cos(((dayOfYear - series.seasonal.peakDay) / 365.25) * 2 * Math.PI);
}

/** Generates the series' observations as a random walk pulled toward its level (or its season's). */
export function generateObservations(series: SeedSeries, end: Date, seed: number): { period: string; value: number }[] {
  const random = prng(seed);
  const factor = 10 ** series.decimals;
  const periods = seriesPeriods(series, end);
  let value = levelOn(series, periods[0] ?? '2000-01-01');
  // A seasonal series follows its swing closely; a price only drifts back toward its level.
  const strength = series.seasonal ? 0.12 : 0.04;
  return periods.map((period) => {
    const target = levelOn(series, period);
    const shock = (random() - 0.5) * 2 * series.volatility;
    const pull = ((target - value) / target) * strength;
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
