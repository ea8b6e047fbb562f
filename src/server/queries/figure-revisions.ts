import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { figureRevisions } from '@db/schema';
import { FIGURE_DATASETS, type FigureDataset } from '@db/catalog/figures';
import { db, type Executor } from '@/server/db';

/** Which figure of each period a vintage read takes: the first published, or the latest seen before an instant. */
export type VintageChoice = { first: true } | { before: Date };

/** A figure's period and when a vintage of it was seen: where a page of its revisions starts (after it). */
export interface RevisionCursor {
  period: string;
  seenAt: number;
}

/** One vintage of a figure as stored. */
export type FigureVintageRow = typeof figureRevisions.$inferSelect;

/** A revision of a figure, with the figure it replaced. */
export interface FigureRevisionRow {
  period: string;
  value: number;
  previousValue: number;
  seenAt: number;
  runId: number | null;
}

/** One figure of a dataset in one period (see `FIGURE_DATASETS` for what `figure` names). */
export interface FigureValue {
  figure: string;
  period: string;
  value: number;
}

/** Rows per statement: three bound values each, well under SQLite's limit. */
const BATCH = 300;

/**
 * Records what an import read as vintages of their figures: a figure whose period has no
 * vintage yet is its first published one, one that differs from its period's latest vintage a
 * revision (marked `revised`); one equal to it writes nothing. So an import hands over every
 * figure EIA sent and the vintages hold exactly the changes, seen at `seen.at` by `seen.runId`.
 * Answers how many vintages were written.
 */
export async function recordFigureVintages(
  dataset: FigureDataset,
  rows: readonly FigureValue[],
  seen: { at: Date; runId: number | null },
  tx: Executor = db,
): Promise<number> {
  const r = figureRevisions;
  const at = seen.at.getTime();
  let written = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const values = sql.join(
      rows.slice(i, i + BATCH).map((row) => sql`(${row.figure}, ${row.period}, ${row.value})`),
      sql`, `,
    );
    // Each figure's latest vintage is one lookup of the key, read backwards; materialized, so it
    // is looked up once per figure (a subquery in the select would be copied into the filter).
    const result = await tx.all<{ n: number }>(sql`
      with sent as materialized (
        select v.column1 as figure, v.column2 as period, v.column3 as value,
          (select p.value from ${r} p where p.dataset = ${dataset} and p.figure = v.column1 and p.period = v.column2 order by p.seen_at desc limit 1) as latest
        from (values ${values}) v
      )
      insert into ${r} (dataset, figure, period, seen_at, value, run_id, revised)
      select ${dataset}, figure, period, ${at}, value, ${seen.runId}, latest is not null
      from sent where latest is null or latest <> value
      on conflict (dataset, figure, period, seen_at) do update set value = excluded.value, run_id = excluded.run_id
      returning 1 as n`);
    written += result.length;
  }
  return written;
}

/**
 * The figure of the row `of`'s period (its dataset, figure and period) seen last before its column
 * `before`: the latest earlier vintage, one lookup of the key read backwards.
 */
const valueBefore = (of: 'v' | 'g', before: 'seen_at' | 'revisedAt') => {
  const row = sql.raw(of);
  return sql`(select p.value from ${figureRevisions} p where p.dataset = ${row}.dataset and p.figure = ${row}.figure and p.period = ${row}.period and p.seen_at < ${row}.${sql.raw(before)} order by p.seen_at desc limit 1)`;
};

/** The figure a vintage `v` (a statement's alias for a row of `figure_revisions`) replaced: its period's latest earlier vintage. */
export const previousOf = valueBefore('v', 'seen_at');

const inList = (figures: readonly string[]) =>
  sql.join(
    figures.map((f) => sql`${f}`),
    sql`, `,
  );

/** Some figures' vintages from `start` to `end` (inclusive, either open): a range of the key per figure. */
function figureConditions(dataset: FigureDataset, figures: readonly string[], range: { start?: string | undefined; end?: string | undefined }) {
  const conditions = [sql`dataset = ${dataset}`, sql`figure in (${inList(figures)})`];
  if (range.start) conditions.push(sql`period >= ${range.start}`);
  if (range.end) conditions.push(sql`period <= ${range.end}`);
  return conditions;
}

/**
 * Every vintage of the revised periods (those with more than one) of some figures from `start` to
 * `end` (inclusive, either open), by figure, period and oldest first: one range of the key per
 * figure in its order (no sort), each period kept when the revisions' partial index holds it.
 */
export function listRevisedFigureVintages(
  dataset: FigureDataset,
  figures: readonly string[],
  range: { start?: string | undefined; end?: string | undefined },
  tx: Executor = db,
): Promise<{ figure: string; period: string; value: number; seenAt: number; runId: number | null }[]> {
  if (figures.length === 0) return Promise.resolve([]);
  const r = figureRevisions;
  const where = sql.join(figureConditions(dataset, figures, range), sql` and `);
  return tx.all(sql`
    select figure, period, value, seen_at as seenAt, run_id as runId from ${r} v
    where ${where} and exists (select 1 from ${r} x where x.dataset = v.dataset and x.figure = v.figure and x.period = v.period and x.revised = 1)
    order by figure, period, seen_at`);
}

/**
 * Some figures' values from `start` to `end` (inclusive, either open) as first published, or as
 * known before an instant (each period's latest vintage seen before it; one first published
 * later is left out), by figure and period, at most `limit` periods in all: one range of the key
 * per figure, grouped in its order (no sort).
 */
export function listFigureVintages(
  dataset: FigureDataset,
  figures: readonly string[],
  range: { start?: string | undefined; end?: string | undefined },
  choice: VintageChoice,
  tx: Executor = db,
  limit = -1,
): Promise<{ figure: string; period: string; value: number; seen: number }[]> {
  if (figures.length === 0) return Promise.resolve([]);
  const r = figureRevisions;
  const conditions = figureConditions(dataset, figures, range);
  if ('before' in choice) conditions.push(sql`seen_at < ${choice.before.getTime()}`);
  // SQLite takes a bare column (value) from the row of the group's one min() or max().
  const pick = 'first' in choice ? sql`min(seen_at)` : sql`max(seen_at)`;
  return tx.all(sql`
    select figure, period, value, ${pick} as seen from ${r}
    where ${sql.join(conditions, sql` and `)}
    group by figure, period order by figure, period limit ${limit}`);
}

/** Removes some figures' vintages of periods before `before` (the grid's hours past its retention); answers how many went. */
export async function pruneFigureVintagesBefore(
  dataset: FigureDataset,
  figures: readonly string[],
  before: string,
  tx: Executor = db,
): Promise<number> {
  if (figures.length === 0) return 0;
  const gone = await tx.all(
    sql`delete from ${figureRevisions} where dataset = ${dataset} and figure in (${inList(figures)}) and period < ${before} returning 1 as n`,
  );
  return gone.length;
}

/** A figure one import run saw: its first published figure, or a revision with the figure it replaced. */
export interface RunVintage {
  dataset: FigureDataset;
  figure: string;
  period: string;
  value: number;
  /** The figure this one replaced (its period's latest earlier vintage); null for a first published one. */
  previousValue: number | null;
  revised: boolean;
  seenAt: number;
}

/** Where a page of a run's vintages starts: after this figure's period (the last one of the page before). */
export interface RunVintageCursor {
  dataset: FigureDataset;
  figure: string;
  period: string;
}

/**
 * What one import run saw, for every dataset (the daily import's series and state figures, the
 * grid import's hours): each vintage it wrote, by dataset, figure and period, only one dataset's
 * when `dataset`, only its revisions when `revised`, `limit` at a time after `after`. A range of the run index from the cursor, in its
 * order (a run writes one vintage per figure and period); the figure a revision replaced is one
 * lookup of the key.
 */
export async function listVintagesOfRun(
  runId: number,
  page: { limit: number; after?: RunVintageCursor | undefined; revised?: boolean | undefined; dataset?: FigureDataset | undefined },
  tx: Executor = db,
): Promise<RunVintage[]> {
  const r = figureRevisions;
  const conditions = [sql`v.run_id = ${runId}`];
  if (page.dataset) conditions.push(sql`v.dataset = ${page.dataset}`);
  if (page.revised) conditions.push(sql`v.revised = 1`);
  if (page.after) conditions.push(sql`(v.dataset, v.figure, v.period) > (${page.after.dataset}, ${page.after.figure}, ${page.after.period})`);
  const rows = await tx.all<Omit<RunVintage, 'revised'> & { revised: number }>(sql`
    select v.dataset, v.figure, v.period, v.value, case when v.revised = 1 then ${previousOf} end as previousValue, v.revised, v.seen_at as seenAt
    from ${r} v where ${sql.join(conditions, sql` and `)}
    order by v.dataset, v.figure, v.period limit ${page.limit}`);
  return rows.map((row) => ({ ...row, revised: row.revised === 1 }));
}

/** One period of a figure: the key its vintages are kept under (with when each was seen). */
export interface FigurePeriod {
  dataset: FigureDataset;
  figure: string;
  period: string;
}

/** The vintages of one period of a figure (and any further conditions on them): a range of the key. */
const vintagesOf = ({ dataset, figure, period }: FigurePeriod, ...more: SQL[]) =>
  and(eq(figureRevisions.dataset, dataset), eq(figureRevisions.figure, figure), eq(figureRevisions.period, period), ...more);

/** The latest vintage of one period of a figure (its current figure as an import saw it), or undefined: the key's last entry for it. */
export async function getLatestFigureVintage(key: FigurePeriod, tx: Executor = db): Promise<FigureVintageRow | undefined> {
  const [row] = await tx.select().from(figureRevisions).where(vintagesOf(key)).orderBy(desc(figureRevisions.seenAt)).limit(1);
  return row;
}

/** The vintages of one period of a figure seen after `after`, oldest first (empty when it was not revised since): the range after it in the key. */
export function listFigureVintagesAfter(key: FigurePeriod, after: Date, tx: Executor = db): Promise<FigureVintageRow[]> {
  return tx
    .select()
    .from(figureRevisions)
    .where(vintagesOf(key, gt(figureRevisions.seenAt, after)))
    .orderBy(asc(figureRevisions.seenAt));
}

/** The figure a period had before `before` (the latest vintage seen earlier), if any: the key read backwards from it. */
export async function figureVintageBefore(key: FigurePeriod, before: Date, tx: Executor = db): Promise<number | undefined> {
  const [row] = await tx
    .select({ value: figureRevisions.value })
    .from(figureRevisions)
    .where(vintagesOf(key, lt(figureRevisions.seenAt, before)))
    .orderBy(desc(figureRevisions.seenAt))
    .limit(1);
  return row?.value;
}

/**
 * Whether any of some market series (`figures`: their ids) gained a vintage (new or revised) at
 * or after `since`: a range of `figure_revisions_market_seen_idx` from `since` per series, so
 * only vintages seen since are read (none when nothing came), not every period of each series.
 */
export async function marketFiguresSeenSince(figures: readonly string[], since: Date, tx: Executor = db): Promise<boolean> {
  if (figures.length === 0) return false;
  const r = figureRevisions;
  const rows = await tx.all<{ found: number }>(sql`
    select 1 as found from ${r} indexed by figure_revisions_market_seen_idx
    where ${r.dataset} = ${sql.raw(`'${FIGURE_DATASETS.market}'`)} and ${r.figure} in (${inList(figures)}) and ${r.seenAt} >= ${since.getTime()}
    limit 1`);
  return rows.length > 0;
}

/**
 * A page of a figure's revisions (every vintage that replaced an earlier figure of its period),
 * by period newest first and, within one, newest first, each with the figure it replaced, after
 * `cursor` when given: a range of the revisions' partial index read backwards from the cursor,
 * `limit` rows long, however many revisions or first figures the figure holds (no offset
 * walked, nothing counted).
 */
export function listFigureRevisions(
  dataset: FigureDataset,
  figure: string,
  page: { limit: number; after?: RevisionCursor | undefined },
  tx: Executor = db,
): Promise<FigureRevisionRow[]> {
  const r = figureRevisions;
  const after = page.after ? sql`and (v.period, v.seen_at) < (${page.after.period}, ${page.after.seenAt})` : sql``;
  return tx.all<FigureRevisionRow>(sql`
    select v.period, v.value, ${previousOf} as previousValue, v.seen_at as seenAt, v.run_id as runId
    from ${r} v where v.dataset = ${dataset} and v.figure = ${figure} and v.revised = 1 ${after}
    order by v.period desc, v.seen_at desc limit ${page.limit}`);
}

/** What a revised figure of one period says: its first published figure, the one its latest revision replaced, when and how often it was revised. */
export interface RevisedFigureRow {
  dataset: FigureDataset;
  figure: string;
  period: string;
  firstValue: number;
  previousValue: number;
  /** When an import saw the latest revision (ms). */
  revisedAt: number;
  revisions: number;
}

/**
 * The revised periods of some figures of several datasets from `start` to `end` (inclusive,
 * either open), in one statement: for each dataset a range of the revisions' partial index per
 * figure, grouped by period in its order (no sort, and nothing read of the periods EIA never
 * revised), then one lookup of the key each for the first figure and the one the latest
 * revision replaced. In no particular order.
 */
export function listRevisedFigures(
  groups: readonly { dataset: FigureDataset; figures: readonly string[] }[],
  range: { start?: string | undefined; end?: string | undefined },
  tx: Executor = db,
): Promise<RevisedFigureRow[]> {
  const r = figureRevisions;
  const parts = groups
    .filter((g) => g.figures.length > 0)
    .map((g) => {
      const where = sql.join([...figureConditions(g.dataset, g.figures, range), sql`revised = 1`], sql` and `);
      return sql`select dataset, figure, period, max(seen_at) as revisedAt, count(*) as revisions from ${r} indexed by figure_revisions_revised_idx where ${where} group by figure, period`;
    });
  if (parts.length === 0) return Promise.resolve([]);
  return tx.all<RevisedFigureRow>(sql`
    select g.dataset, g.figure, g.period, g.revisedAt, g.revisions,
      (select f.value from ${r} f where f.dataset = g.dataset and f.figure = g.figure and f.period = g.period order by f.seen_at limit 1) as firstValue,
      ${valueBefore('g', 'revisedAt')} as previousValue
    from (${sql.join(parts, sql` union all `)}) g`);
}
