import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { energyMix, marketObservations, marketSeries } from '@db/schema';
import { formatMarketValue, formatPercentChange } from '@/lib/format';
import { isEiaSource } from '@/lib/energy';
import type { EnergyMixEntry, MarketDataItem, SeriesPoint } from '@/lib/types';

/**
 * Market data items (spec section 3) derived from each listed series' two latest
 * observations: the value with its unit, and the change against the previous one. One
 * query: the home, news and analytics pages all render it.
 */
export async function listMarketData(db: Db): Promise<MarketDataItem[]> {
  const rows = await db.all<{
    id: number;
    slug: string;
    name: string;
    unit: string;
    decimals: number;
    source: string;
    period: string;
    value: number;
    rank: number;
  }>(sql`
    select s.id, s.slug, s.name, s.unit, s.decimals, s.source, o.period, o.value, o.rank
    from ${marketSeries} s
    join (
      select series_id, period, value, row_number() over (partition by series_id order by period desc) as rank
      from ${marketObservations}
    ) o on o.series_id = s.id and o.rank <= 2
    where s.listed = 1
    order by s.sort_order, s.id, o.rank`);
  const items: MarketDataItem[] = [];
  for (const latest of rows.filter((r) => r.rank === 1)) {
    const previous = rows.find((r) => r.id === latest.id && r.rank === 2);
    const item: MarketDataItem = {
      id: latest.id,
      slug: latest.slug,
      name: latest.name,
      value: formatMarketValue(latest.value, latest.unit, latest.decimals),
      changeType: 'neutral',
      unit: latest.unit,
      asOf: latest.period,
      sample: !isEiaSource(latest.source),
    };
    if (previous && previous.value !== 0) {
      const pct = ((latest.value - previous.value) / previous.value) * 100;
      const rounded = Math.round(pct * 100) / 100;
      item.change = formatPercentChange(rounded);
      item.changeType = rounded > 0 ? 'positive' : rounded < 0 ? 'negative' : 'neutral';
    }
    items.push(item);
  }
  return items;
}

/** The latest `limit` observations of a series, oldest first. */
export async function getSeriesHistory(db: Db, slug: string, limit: number): Promise<SeriesPoint[]> {
  const rows = await db
    .select({ period: marketObservations.period, value: marketObservations.value })
    .from(marketObservations)
    .innerJoin(marketSeries, eq(marketSeries.id, marketObservations.seriesId))
    .where(eq(marketSeries.slug, slug))
    .orderBy(desc(marketObservations.period))
    .limit(limit);
  return rows.reverse();
}

/** The stored US generation mix. */
export async function listEnergyMix(db: Db): Promise<EnergyMixEntry[]> {
  return db.select({ source: energyMix.source, percentage: energyMix.percentage }).from(energyMix).orderBy(asc(energyMix.sortOrder));
}
