// The sample analysis items a fresh install shows (the market history itself is modeled in
// market-model.ts, the fallback generation mix is FALLBACK_ENERGY_MIX in db/constants.ts).
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
