import { and, asc, desc, eq, gte, inArray, lte, max, sql } from 'drizzle-orm';
import { energyMix, marketObservations, marketSeries } from '@db/schema';
import { db, type Executor } from '@/server/db';
import { isEiaSource } from '@/lib/energy';
import { changeTypeOf, displayUnit, eiaSeriesCode, formatMarketValue, formatPercentChange } from '@/lib/market-format';
import { CHANGE_PERIODS, isStale, seriesInfo } from '@/lib/series-catalog';
import type { EnergyMixEntry, MarketDataItem } from '@/lib/wire/markets';

/**
 * Market data items derived from each listed series' two latest
 * observations: the value with its unit, and the change against the previous one. One
 * query: the home, news and analytics pages all render it.
 */
export async function listMarketData(tx: Executor = db): Promise<MarketDataItem[]> {
  const rows = await tx.all<{
    id: number;
    slug: string;
    name: string;
    unit: string;
    decimals: number;
    frequency: MarketDataItem['frequency'];
    source: string;
    period: string;
    value: number;
    rank: number;
  }>(sql`
    select s.id, s.slug, s.name, s.unit, s.decimals, s.frequency, s.source, o.period, o.value, o.rank
    from ${marketSeries} s
    join (
      select series_id, period, value, row_number() over (partition by series_id order by period desc) as rank
      from ${marketObservations}
    ) o on o.series_id = s.id and o.rank <= 2
    where s.listed = 1
    order by s.sort_order, s.id, o.rank`);
  const items: MarketDataItem[] = [];
  const now = new Date();
  for (const latest of rows.filter((r) => r.rank === 1)) {
    const previous = rows.find((r) => r.id === latest.id && r.rank === 2);
    const info = seriesInfo(latest.slug, latest.frequency);
    const sample = !isEiaSource(latest.source);
    const item: MarketDataItem = {
      id: latest.id,
      slug: latest.slug,
      name: latest.name,
      value: formatMarketValue(latest.value, latest.unit, latest.decimals),
      changeType: 'neutral',
      unit: displayUnit(latest.unit, latest.decimals).unit,
      asOf: latest.period,
      frequency: latest.frequency,
      sample,
      changePeriod: CHANGE_PERIODS[latest.frequency],
      stale: isStale(latest.period, info.staleAfterDays, now),
      source: sample ? 'Illustrative sample' : `Source: U.S. Energy Information Administration, series ${info.eiaSeries}`,
    };
    if (isEiaSource(latest.source)) item.series = eiaSeriesCode(latest.source);
    if (previous && previous.value !== 0) {
      const pct = ((latest.value - previous.value) / previous.value) * 100;
      const rounded = Math.round(pct * 100) / 100;
      item.change = formatPercentChange(rounded);
      item.changeType = changeTypeOf(rounded);
    }
    items.push(item);
  }
  return items;
}

/** The stored US generation mix. */
export async function listEnergyMix(tx: Executor = db): Promise<EnergyMixEntry[]> {
  return tx.select({ source: energyMix.source, percentage: energyMix.percentage }).from(energyMix).orderBy(asc(energyMix.sortOrder));
}

export type MarketSeriesRow = typeof marketSeries.$inferSelect;
export type ObservationRow = typeof marketObservations.$inferSelect;

/** Every stored series. */
export function listMarketSeries(tx: Executor = db): Promise<MarketSeriesRow[]> {
  return tx.select().from(marketSeries);
}

/** The series with these slugs (in no particular order). */
export function listSeriesBySlugs(slugs: readonly string[], tx: Executor = db): Promise<MarketSeriesRow[]> {
  return tx
    .select()
    .from(marketSeries)
    .where(inArray(marketSeries.slug, [...slugs]));
}

/** The latest period stored for any of these series. */
export async function latestObservationPeriod(seriesIds: number[], tx: Executor = db): Promise<string | undefined> {
  const [row] = await tx
    .select({ period: max(marketObservations.period) })
    .from(marketObservations)
    .where(inArray(marketObservations.seriesId, seriesIds));
  return row?.period ?? undefined;
}

/** Observations of these series from `from` on, oldest first. */
export function listObservationsSince(seriesIds: number[], from: string, tx: Executor = db): Promise<ObservationRow[]> {
  return tx
    .select()
    .from(marketObservations)
    .where(and(inArray(marketObservations.seriesId, seriesIds), gte(marketObservations.period, from)))
    .orderBy(marketObservations.period);
}

/** Removes a series' observations (its sample history, when real data replaces it). */
export async function deleteSeriesObservations(seriesId: number, tx: Executor = db): Promise<void> {
  await tx.delete(marketObservations).where(eq(marketObservations.seriesId, seriesId));
}

/** Inserts or revises observations; answers how many rows were written (unchanged values are not). */
export async function upsertObservations(seriesId: number, rows: { period: string; value: number }[], tx: Executor = db): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const result = await tx
      .insert(marketObservations)
      .values(rows.slice(i, i + 500).map((r) => ({ seriesId, ...r })))
      .onConflictDoUpdate({
        target: [marketObservations.seriesId, marketObservations.period],
        set: { value: sql`excluded.value` },
        setWhere: sql`${marketObservations.value} <> excluded.value`,
      })
      .returning({ period: marketObservations.period });
    written += result.length;
  }
  return written;
}

export async function setSeriesSource(seriesId: number, source: string, tx: Executor = db): Promise<void> {
  await tx.update(marketSeries).set({ source }).where(eq(marketSeries.id, seriesId));
}

/** Each series with its source, latest period and number of observations, in display order. */
export function listSeriesStatus(tx: Executor = db) {
  return tx
    .select({
      slug: marketSeries.slug,
      name: marketSeries.name,
      frequency: marketSeries.frequency,
      source: marketSeries.source,
      latest: max(marketObservations.period),
      observations: sql<number>`count(${marketObservations.period})`,
    })
    .from(marketSeries)
    .leftJoin(marketObservations, eq(marketObservations.seriesId, marketSeries.id))
    .groupBy(marketSeries.id)
    .orderBy(marketSeries.sortOrder);
}

/** The latest period stored for one series, or undefined. */
export async function latestSeriesPeriod(seriesId: number, tx: Executor = db): Promise<string | undefined> {
  const [row] = await tx
    .select({ period: marketObservations.period })
    .from(marketObservations)
    .where(eq(marketObservations.seriesId, seriesId))
    .orderBy(desc(marketObservations.period))
    .limit(1);
  return row?.period;
}

/** A series' newest observations, newest first (the primary key's order: no sort step). */
export function listRecentObservations(seriesId: number, limit: number, tx: Executor = db): Promise<ObservationRow[]> {
  return tx.select().from(marketObservations).where(eq(marketObservations.seriesId, seriesId)).orderBy(desc(marketObservations.period)).limit(limit);
}

/** A series the EIA import creates on first use (one that has no sample history); answers its id either way. */
export async function ensureSeries(
  values: Pick<MarketSeriesRow, 'slug' | 'name' | 'unit' | 'frequency' | 'decimals' | 'listed' | 'sortOrder' | 'source'>,
  tx: Executor = db,
): Promise<number> {
  await tx.insert(marketSeries).values(values).onConflictDoNothing({ target: marketSeries.slug });
  const [row] = await tx.select({ id: marketSeries.id }).from(marketSeries).where(eq(marketSeries.slug, values.slug));
  if (!row) throw new Error(`The series ${values.slug} was not stored.`);
  return row.id;
}

/** One series by slug. */
export async function getSeriesBySlug(slug: string, tx: Executor = db): Promise<MarketSeriesRow | undefined> {
  const [row] = await tx.select().from(marketSeries).where(eq(marketSeries.slug, slug)).limit(1);
  return row;
}

/**
 * Every series with its two latest observations (each read from the (series_id, period)
 * primary key, newest first), in display order. A series without observations has one row
 * with null period and value.
 */
export function listSeriesWithLatest(tx: Executor = db) {
  return tx.all<MarketSeriesRow & { period: string | null; value: number | null }>(sql`
    select s.id, s.slug, s.name, s.unit, s.frequency, s.source, s.decimals, s.listed, s.sort_order as sortOrder, o.period, o.value
    from ${marketSeries} s
    left join ${marketObservations} o on o.series_id = s.id and o.period in (
      select i.period from ${marketObservations} i where i.series_id = s.id order by i.period desc limit 2
    )
    order by s.sort_order, s.id, o.period desc`);
}

/**
 * A series' observations from `start` to `end` (inclusive, either open), oldest first, at most
 * `limit`: a range scan of the (series_id, period) primary key.
 */
export function listObservationsBetween(
  seriesId: number,
  range: { start?: string | undefined; end?: string | undefined },
  limit: number,
  tx: Executor = db,
): Promise<{ period: string; value: number }[]> {
  const conditions = [eq(marketObservations.seriesId, seriesId)];
  if (range.start) conditions.push(gte(marketObservations.period, range.start));
  if (range.end) conditions.push(lte(marketObservations.period, range.end));
  return tx
    .select({ period: marketObservations.period, value: marketObservations.value })
    .from(marketObservations)
    .where(and(...conditions))
    .orderBy(asc(marketObservations.period))
    .limit(limit);
}
