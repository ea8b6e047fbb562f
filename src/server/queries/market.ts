import { and, asc, desc, eq, gt, gte, inArray, lte, max, sql } from 'drizzle-orm';
import { energyMix, marketObservations, marketSeries, marketValueRevisions } from '@db/schema';
import { db, type Executor } from '@/server/db';
import { isEiaSource } from '@/lib/energy';
import { changeTypeOf, displayUnit, eiaSeriesCode, formatMarketValue, formatPercentChange } from '@/lib/market-format';
import { CHANGE_PERIODS, isSeriesStale, seriesInfo } from '@/lib/series-catalog';
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
      stale: isSeriesStale(info, latest.period, now),
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

/** Inserts or revises observations; answers the rows written (new or different values: unchanged ones are not). */
export async function upsertObservations(
  seriesId: number,
  rows: { period: string; value: number }[],
  tx: Executor = db,
): Promise<{ period: string; value: number }[]> {
  const written: { period: string; value: number }[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const result = await tx
      .insert(marketObservations)
      .values(rows.slice(i, i + 500).map((r) => ({ seriesId, ...r })))
      .onConflictDoUpdate({
        target: [marketObservations.seriesId, marketObservations.period],
        set: { value: sql`excluded.value` },
        setWhere: sql`${marketObservations.value} <> excluded.value`,
      })
      .returning({ period: marketObservations.period, value: marketObservations.value });
    written.push(...result);
  }
  return written;
}

export type ValueRevisionRow = typeof marketValueRevisions.$inferSelect;

/**
 * Records figures an import saw as new vintages of their periods (a new period's first
 * published figure, or a revision of a stored one, marked `revised`), seen at `seenAt` by the run `runId`.
 */
export async function insertValueRevisions(
  seriesId: number,
  rows: readonly { period: string; value: number }[],
  seen: { at: Date; runId: number | null },
  tx: Executor = db,
): Promise<void> {
  const r = marketValueRevisions;
  const at = seen.at.getTime();
  for (let i = 0; i < rows.length; i += 400) {
    const values = sql.join(
      rows.slice(i, i + 400).map((row) => sql`(${row.period}, ${row.value})`),
      sql`, `,
    );
    // A figure is a revision when its period has an earlier vintage (one range of the key).
    await tx.run(sql`
      insert into ${r} (series_id, period, seen_at, value, run_id, revised)
      select ${seriesId}, v.column1, ${at}, v.column2, ${seen.runId},
        exists (select 1 from ${r} p where p.series_id = ${seriesId} and p.period = v.column1 and p.seen_at < ${at})
      from (values ${values}) v where true
      on conflict (series_id, period, seen_at) do update set value = excluded.value, run_id = excluded.run_id`);
  }
}

/** The latest vintage of one period of a series (its current figure as an import saw it), or undefined. */
export async function getLatestValueRevision(seriesId: number, period: string, tx: Executor = db): Promise<ValueRevisionRow | undefined> {
  const [row] = await tx
    .select()
    .from(marketValueRevisions)
    .where(and(eq(marketValueRevisions.seriesId, seriesId), eq(marketValueRevisions.period, period)))
    .orderBy(desc(marketValueRevisions.seenAt))
    .limit(1);
  return row;
}

/** The vintages of one period of a series seen after `after`, oldest first: empty when it was not revised since. */
export function listValueRevisionsAfter(seriesId: number, period: string, after: Date, tx: Executor = db): Promise<ValueRevisionRow[]> {
  return tx
    .select()
    .from(marketValueRevisions)
    .where(and(eq(marketValueRevisions.seriesId, seriesId), eq(marketValueRevisions.period, period), gt(marketValueRevisions.seenAt, after)))
    .orderBy(asc(marketValueRevisions.seenAt));
}

/** Which figure of each period a vintage read takes: the first published, or the latest seen before an instant. */
export type VintageChoice = { first: true } | { before: Date };

/**
 * A series' figures from `start` to `end` (inclusive, either open), with when each was seen, as
 * first published, or as known before an instant (each period's latest vintage seen before it; a period first
 * published later is left out), oldest first, at most `limit` periods. One range of the
 * (series_id, period, seen_at) key, grouped in its order: no scan, no sort.
 */
export function listObservationVintages(
  seriesId: number,
  range: { start?: string | undefined; end?: string | undefined },
  choice: VintageChoice,
  limit: number,
  tx: Executor = db,
): Promise<{ period: string; value: number; seen: number }[]> {
  const r = marketValueRevisions;
  const conditions = [sql`${r.seriesId} = ${seriesId}`];
  if (range.start) conditions.push(sql`${r.period} >= ${range.start}`);
  if (range.end) conditions.push(sql`${r.period} <= ${range.end}`);
  if ('before' in choice) conditions.push(sql`${r.seenAt} < ${choice.before.getTime()}`);
  // SQLite takes a bare column (value) from the row of the group's one min() or max().
  const pick = 'first' in choice ? sql`min(${r.seenAt})` : sql`max(${r.seenAt})`;
  return tx.all<{ period: string; value: number; seen: number }>(sql`
    select ${r.period} as period, ${r.value} as value, ${pick} as seen
    from ${r} where ${sql.join(conditions, sql` and `)}
    group by ${r.period} order by ${r.period} limit ${limit}`);
}

/**
 * Every vintage of the periods of a series from `start` to `end` that were revised (that have
 * more than one), by period and oldest first. Two ranges of the key: the revised periods
 * grouped in its order, and their vintages.
 */
export function listRevisedVintages(
  seriesId: number,
  range: { start?: string | undefined; end?: string | undefined },
  tx: Executor = db,
): Promise<{ period: string; value: number; seenAt: number; runId: number | null }[]> {
  const r = marketValueRevisions;
  const conditions = [sql`series_id = ${seriesId}`];
  if (range.start) conditions.push(sql`period >= ${range.start}`);
  if (range.end) conditions.push(sql`period <= ${range.end}`);
  const where = sql.join(conditions, sql` and `);
  return tx.all(sql`
    select period, value, seen_at as seenAt, run_id as runId from ${r}
    where ${where} and period in (select period from ${r} where ${where} group by period having count(*) > 1)
    order by period, seen_at`);
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

/** Where a page of a series' revisions starts: after the revision of this period seen at this instant (the last one of the page before). */
export interface RevisionCursor {
  period: string;
  seenAt: number;
}

export interface ValueRevisionListRow {
  period: string;
  value: number;
  previousValue: number;
  seenAt: number;
  runId: number | null;
}

/**
 * A page of a series' revisions (every vintage that replaced an earlier figure of its period),
 * by period newest first and, within one, newest first, each with the figure it replaced,
 * after `cursor` when given: a range of the revisions' partial index read backwards from the
 * cursor, `limit` rows long, however many revisions or first figures the series holds (no
 * offset walked, nothing counted).
 */
export function listValueRevisions(
  seriesId: number,
  page: { limit: number; after?: RevisionCursor | undefined },
  tx: Executor = db,
): Promise<ValueRevisionListRow[]> {
  const r = marketValueRevisions;
  const after = page.after ? sql`and (v.period, v.seen_at) < (${page.after.period}, ${page.after.seenAt})` : sql``;
  // The figure a revision replaced: its period's latest earlier vintage, one lookup of the key.
  return tx.all<ValueRevisionListRow>(sql`
    select v.period, v.value,
      (select p.value from ${r} p where p.series_id = v.series_id and p.period = v.period and p.seen_at < v.seen_at order by p.seen_at desc limit 1) as previousValue,
      v.seen_at as seenAt, v.run_id as runId
    from ${r} v where v.series_id = ${seriesId} and v.revised = 1 ${after}
    order by v.period desc, v.seen_at desc limit ${page.limit}`);
}

/**
 * The revisions one import run saw (figures that replaced an earlier one of their period), by
 * series and period, each with the figure it replaced: a range of the `run_id` index.
 */
export function listRevisionsOfRun(runId: number, tx: Executor = db): Promise<(ValueRevisionListRow & { seriesId: number })[]> {
  const r = marketValueRevisions;
  return tx.all(sql`
    select v.series_id as seriesId, v.period, v.value,
      (select p.value from ${r} p where p.series_id = v.series_id and p.period = v.period and p.seen_at < v.seen_at order by p.seen_at desc limit 1) as previousValue,
      v.seen_at as seenAt, v.run_id as runId
    from ${r} v where v.run_id = ${runId} and v.revised = 1
    order by v.series_id, v.period`);
}
