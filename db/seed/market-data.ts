// The sample analysis items a fresh install shows (the market history itself is modeled in
// market-model.ts, the fallback generation mix is FALLBACK_ENERGY_MIX in db/constants.ts). The
// items about market series say what the seeded history of those series does, read from it:
// a spread they call narrowing narrows in its own figures, a level they call above average is.
import type { MarketSeriesSlug } from '../catalog/market-series.ts';
import type { Observation } from './market-model.ts';

type History = ReadonlyMap<MarketSeriesSlug, readonly Observation[]>;

const dollars = (value: number) => `$${value.toFixed(2)}`;
const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const DAY_MS = 86_400_000;
const daysBefore = (period: string, days: number) => new Date(Date.parse(`${period}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** The observations of a series from `days` before its latest on. */
function lastDays(history: History, slug: MarketSeriesSlug, days: number): readonly Observation[] {
  const all = history.get(slug) ?? [];
  const latest = all.at(-1)?.period;
  return latest ? all.filter((o) => o.period > daysBefore(latest, days)) : [];
}

/** Brent's premium over WTI at the start and the end of the last 90 days (the average of ten quoted days each), and WTI's range then. */
export function crudeQuarter(history: History) {
  const wti = lastDays(history, 'wti', 90);
  const brent = new Map((history.get('brent') ?? []).map((o) => [o.period, o.value]));
  const spreads = wti.flatMap((o) => {
    const b = brent.get(o.period);
    return b === undefined ? [] : [b - o.value];
  });
  const values = wti.map((o) => o.value);
  return {
    spreadFrom: mean(spreads.slice(0, 10)),
    spreadTo: mean(spreads.slice(-10)),
    low: Math.min(...values),
    high: Math.max(...values),
  };
}

/** The latest week of working gas against the average of the same week in the five years before (weeks 52, 104 … 260 back). */
export function storageAgainstFiveYears(history: History) {
  const storage = history.get('gas-storage') ?? [];
  const latest = storage.at(-1);
  const byPeriod = new Map(storage.map((o) => [o.period, o.value]));
  const earlier = latest ? [1, 2, 3, 4, 5].flatMap((k) => byPeriod.get(daysBefore(latest.period, 364 * k)) ?? []) : [];
  const average = mean(earlier);
  return { latest, average, percent: latest && earlier.length > 0 ? (latest.value / average - 1) * 100 : 0 };
}

/** The pump price over the last 13 weeks, and WTI's two weeks before each end: the lag the pump follows. */
export function pumpAndCrude(history: History) {
  const gasoline = lastDays(history, 'gasoline', 91);
  const wti = history.get('wti') ?? [];
  const crudeBefore = (period: string) => mean(wti.filter((o) => o.period < period && o.period >= daysBefore(period, 14)).map((o) => o.value));
  const first = gasoline[0];
  const last = gasoline.at(-1);
  return first && last ? { first, last, crudeFirst: crudeBefore(first.period), crudeLast: crudeBefore(last.period) } : undefined;
}

/** The sample analysis items, the market ones written from the seeded `history`. */
export function seedAnalyticsContent(history: History) {
  const crude = crudeQuarter(history);
  const spreadMove = crude.spreadTo < crude.spreadFrom ? 'narrowed' : 'widened';
  const storage = storageAgainstFiveYears(history);
  const storageSide = Math.abs(storage.percent) < 2 ? 'near' : `${Math.abs(storage.percent).toFixed(0)}% ${storage.percent > 0 ? 'above' : 'below'}`;
  const hub = mean(lastDays(history, 'henry-hub', 28).map((o) => o.value));
  const pump = pumpAndCrude(history);
  const pumpMove = pump && pump.last.value < pump.first.value ? 'fell' : 'rose';
  return [
    {
      title: 'Crude benchmarks: WTI, Brent and the spread this quarter',
      type: 'chart' as const,
      content:
        `WTI traded between ${dollars(crude.low)} and ${dollars(crude.high)} a barrel over the last 90 days. ` +
        `Brent’s premium over WTI ${spreadMove} from ${dollars(crude.spreadFrom)} to ${dollars(crude.spreadTo)} a barrel (ten-day averages at the start and end of the quarter).`,
      metadata: { series: ['wti', 'brent'], range: '90d' },
    },
    {
      title: 'Winter gas outlook dashboard',
      type: 'dashboard' as const,
      content:
        `Storage, prices and the outlook in one view. Working gas stood at ${Math.round(storage.latest?.value ?? 0).toLocaleString('en-US')} Bcf ` +
        `in the week ending ${storage.latest ? dayLabel.format(new Date(`${storage.latest.period}T00:00:00Z`)) : ''}, ${storageSide} the five-year average for the week; ` +
        `Henry Hub averaged ${dollars(hub)} per MMBtu over the last four weeks.`,
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
      title: 'Retail gasoline: crude and the season',
      type: 'chart' as const,
      content: pump
        ? `The US average pump price ${pumpMove} from ${dollars(pump.first.value)} to ${dollars(pump.last.value)} a gallon over the last 13 weeks; ` +
          `WTI’s average over the two weeks before each survey went from ${dollars(pump.crudeFirst)} to ${dollars(pump.crudeLast)} a barrel. ` +
          'Pump prices follow crude with a lag of about two weeks, and the season: summer gasoline costs more than winter’s.'
        : 'Pump prices follow crude with a lag of about two weeks, and the season: summer gasoline costs more than winter’s.',
      metadata: { series: ['gasoline'], range: '90d' },
    },
  ];
}
