import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { energyMix, marketObservations, marketSeries } from '../../../db/schema/index.ts';
import { formatMarketValue, formatPercentChange } from '../../lib/format.ts';
import type { EnergyMixEntry, MarketDataItem, SeriesPoint } from '../../lib/types.ts';

/**
 * Market data items (spec section 3) derived from each listed series' two latest
 * observations: the value with its unit, and the change against the previous one.
 */
export async function listMarketData(db: Db): Promise<MarketDataItem[]> {
  const series = await db.select().from(marketSeries).where(eq(marketSeries.listed, true)).orderBy(asc(marketSeries.sortOrder));
  const items = await Promise.all(
    series.map(async (s): Promise<MarketDataItem | undefined> => {
      const [latest, previous] = await db
        .select({ period: marketObservations.period, value: marketObservations.value })
        .from(marketObservations)
        .where(eq(marketObservations.seriesId, s.id))
        .orderBy(desc(marketObservations.period))
        .limit(2);
      if (!latest) return undefined;
      const item: MarketDataItem = {
        id: s.id,
        slug: s.slug,
        name: s.name,
        value: formatMarketValue(latest.value, s.unit, s.decimals),
        changeType: 'neutral',
        unit: s.unit,
        asOf: latest.period,
        sample: !s.source.startsWith('eia:'),
      };
      if (previous && previous.value !== 0) {
        const pct = ((latest.value - previous.value) / previous.value) * 100;
        const rounded = Math.round(pct * 100) / 100;
        item.change = formatPercentChange(rounded);
        item.changeType = rounded > 0 ? 'positive' : rounded < 0 ? 'negative' : 'neutral';
      }
      return item;
    }),
  );
  return items.filter((i): i is MarketDataItem => i !== undefined);
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
