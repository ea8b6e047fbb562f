import { and, asc, desc, eq, gte, inArray, lte, max, sql } from 'drizzle-orm';
import { FIGURE_DATASETS } from '@db/catalog/figures';
import { energyMix, marketObservations, marketSeries } from '@db/schema';
import { db, type Executor } from '@/server/db';
import { findRow } from '@/server/queries/pages';
import {
  getLatestFigureVintage,
  listFigureRevisions,
  listFigureVintages,
  listFigureVintagesAfter,
  listRevisedFigureVintages,
  listVintagesOfRun,
  recordFigureVintages,
  type FigureRevisionRow,
  type FigureVintageRow,
  type RevisionCursor,
  type VintageChoice,
} from '@/server/queries/figure-revisions';
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

// A market series' vintages are figures of the `market` dataset (figure: the series' id) in the
// one vintages table; these read and write them through its queries (figure-revisions.ts).
const MARKET = FIGURE_DATASETS.market;
/** The `figure` of a series' vintages. */
const seriesFigure = (seriesId: number): string => String(seriesId);

/** One vintage of a series as stored, by series. */
export type ValueRevisionRow = Omit<FigureVintageRow, 'dataset' | 'figure'> & { seriesId: number };
const asSeriesVintage = ({ dataset: _dataset, figure, ...row }: FigureVintageRow): ValueRevisionRow => ({ seriesId: Number(figure), ...row });

/**
 * Records figures an import saw as vintages of their periods (a new period's first published
 * figure, or a revision of a stored one, marked `revised`; one equal to its latest vintage writes
 * nothing), seen at `seen.at` by the run `seen.runId`.
 */
export async function insertValueRevisions(
  seriesId: number,
  rows: readonly { period: string; value: number }[],
  seen: { at: Date; runId: number | null },
  tx: Executor = db,
): Promise<void> {
  const figure = seriesFigure(seriesId);
  await recordFigureVintages(
    MARKET,
    rows.map((row) => ({ figure, period: row.period, value: row.value })),
    seen,
    tx,
  );
}

/** The latest vintage of one period of a series (its current figure as an import saw it), or undefined. */
export async function getLatestValueRevision(seriesId: number, period: string, tx: Executor = db): Promise<ValueRevisionRow | undefined> {
  const row = await getLatestFigureVintage({ dataset: MARKET, figure: seriesFigure(seriesId), period }, tx);
  return row && asSeriesVintage(row);
}

/** The vintages of one period of a series seen after `after`, oldest first: empty when it was not revised since. */
export async function listValueRevisionsAfter(seriesId: number, period: string, after: Date, tx: Executor = db): Promise<ValueRevisionRow[]> {
  return (await listFigureVintagesAfter({ dataset: MARKET, figure: seriesFigure(seriesId), period }, after, tx)).map(asSeriesVintage);
}

/**
 * A series' figures from `start` to `end` (inclusive, either open), with when each was seen, as
 * first published, or as known before an instant (each period's latest vintage seen before it; a period first
 * published later is left out), oldest first, at most `limit` periods: one range of the key,
 * grouped in its order (no scan, no sort).
 */
export async function listObservationVintages(
  seriesId: number,
  range: { start?: string | undefined; end?: string | undefined },
  choice: VintageChoice,
  limit: number,
  tx: Executor = db,
): Promise<{ period: string; value: number; seen: number }[]> {
  const rows = await listFigureVintages(MARKET, [seriesFigure(seriesId)], range, choice, tx, limit);
  return rows.map(({ period, value, seen }) => ({ period, value, seen }));
}

/** Every vintage of the periods of a series from `start` to `end` that were revised (that have more than one), by period and oldest first. */
export async function listRevisedVintages(
  seriesId: number,
  range: { start?: string | undefined; end?: string | undefined },
  tx: Executor = db,
): Promise<{ period: string; value: number; seenAt: number; runId: number | null }[]> {
  const rows = await listRevisedFigureVintages(MARKET, [seriesFigure(seriesId)], range, tx);
  return rows.map(({ period, value, seenAt, runId }) => ({ period, value, seenAt, runId }));
}

/** A page of a series' revisions, newest first, each with the figure it replaced (see `listFigureRevisions`). */
export function listValueRevisions(
  seriesId: number,
  page: { limit: number; after?: RevisionCursor | undefined },
  tx: Executor = db,
): Promise<ValueRevisionListRow[]> {
  return listFigureRevisions(MARKET, seriesFigure(seriesId), page, tx);
}

/**
 * The revisions of market series one import run saw (figures that replaced an earlier one of
 * their period), by series and period, each with the figure it replaced: a range of the run index.
 */
export async function listRevisionsOfRun(runId: number, tx: Executor = db): Promise<(ValueRevisionListRow & { seriesId: number })[]> {
  const rows = await listVintagesOfRun(runId, { dataset: MARKET, revised: true, limit: -1 }, tx);
  return rows.map((v) => ({
    seriesId: Number(v.figure),
    period: v.period,
    value: v.value,
    previousValue: v.previousValue ?? v.value,
    seenAt: v.seenAt,
    runId,
  }));
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
  return findRow(tx, marketSeries, eq(marketSeries.slug, slug));
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

/** A revision of a series' figure, with the figure it replaced. */
export type ValueRevisionListRow = FigureRevisionRow;
export type { RevisionCursor, VintageChoice };
