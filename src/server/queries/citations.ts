import { asc, eq, sql } from 'drizzle-orm';
import { FIGURE_DATASETS } from '@db/catalog/figures';
import { articleCitations, articles, figureRevisions, marketObservations, marketSeries } from '@db/schema';
import { db, type Executor } from '@/server/db';
import { previousOf } from '@/server/queries/figure-revisions';

export type CitationRow = typeof articleCitations.$inferInsert;
export type Citation = Omit<typeof articleCitations.$inferSelect, 'articleId'>;

/** Replaces an article's citations with `rows` (inside the caller's transaction: the save's). */
export async function replaceArticleCitations(articleId: number, rows: readonly Omit<CitationRow, 'articleId'>[], tx: Executor): Promise<void> {
  await tx.delete(articleCitations).where(eq(articleCitations.articleId, articleId));
  if (rows.length > 0) await tx.insert(articleCitations).values(rows.map((row) => ({ ...row, articleId })));
}

/** An article's citations in the order its body cites them (by primary key). */
export async function listArticleCitations(articleId: number, tx: Executor = db): Promise<Citation[]> {
  return tx
    .select({
      position: articleCitations.position,
      element: articleCitations.element,
      kind: articleCitations.kind,
      key: articleCitations.key,
      period: articleCitations.period,
      valueAsPublished: articleCitations.valueAsPublished,
    })
    .from(articleCitations)
    .where(eq(articleCitations.articleId, articleId))
    .orderBy(asc(articleCitations.position), asc(articleCitations.kind), asc(articleCitations.key));
}

/** One cited figure: a series of the catalog (`markets`) and its period. */
export interface CitedFigure {
  series: string;
  period: string;
}

/** A published story citing a figure an import run revised, with what it states and what the figure became. */
export interface RevisedCitationRow {
  articleId: number;
  seriesSlug: string;
  period: string;
  valueAsPublished: number;
  /** The figure the revision replaced (the revised one when the period had no earlier vintage). */
  previousValue: number;
  value: number;
  /** When the run saw the revision (ms). */
  seenAt: number;
}

/**
 * The published stories readers see now that cite a figure of a market series the run revised,
 * each stating another figure than the revised one, in one statement: the run's revisions (a
 * range of the run index), each one's series by its key, the stories citing it (a range of
 * `article_citations_data_idx`: kind, key, period, then the article id and the value, so no
 * citation row is read), each story's visibility checked by key on `articles_visibility_idx`,
 * and the figure each revision replaced (one lookup of the vintages' key). A story citing the
 * figure twice comes twice. In no particular order (nothing sorted, nothing made distinct: the
 * caller keeps one per notice).
 */
export function listRevisedCitationsOfRun(runId: number, now: Date, tx: Executor = db): Promise<RevisedCitationRow[]> {
  const c = articleCitations;
  return tx.all<RevisedCitationRow>(
    sql`select c.article_id as articleId, s.slug as seriesSlug, v.period as period, c.value_as_published as valueAsPublished,
          coalesce(${previousOf}, v.value) as previousValue, v.value as value, v.seen_at as seenAt
        from ${figureRevisions} v indexed by figure_revisions_run_idx
        cross join ${marketSeries} s on s.id = cast(v.figure as integer)
        cross join ${c} c indexed by article_citations_data_idx on c.kind = 'markets' and c.key = s.slug and c.period = v.period
        cross join ${articles} a indexed by articles_visibility_idx on a.id = c.article_id
        where v.run_id = ${runId} and v.dataset = ${FIGURE_DATASETS.market} and v.revised = 1
          and c.value_as_published <> v.value
          and a.status = 'published' and a.published_at <= ${now.getTime()}`,
  );
}

/**
 * Whether `value` is a figure the data holds, or held, for this period of a series: its current
 * figure, or any vintage an import saw of it (a story may state a figure EIA revised since).
 * Two lookups by key.
 */
export async function isFigureOfSeries(figure: CitedFigure, value: number, tx: Executor = db): Promise<boolean> {
  const rows = await tx.all<{ found: number }>(
    sql`select exists (
          select 1 from ${marketObservations} o where o.series_id = s.id and o.period = ${figure.period} and o.value = ${value}
          union all
          select 1 from ${figureRevisions} v where v.dataset = 'market' and v.figure = cast(s.id as text) and v.period = ${figure.period} and v.value = ${value}
        ) as found
        from ${marketSeries} s where s.slug = ${figure.series}`,
  );
  return rows[0]?.found === 1;
}

/** A cited figure's series and what became of its period: the figure now, the series' latest, and when the period's figure last changed. */
export interface FigureState {
  slug: string;
  name: string;
  unit: string;
  decimals: number;
  frequency: 'daily' | 'weekly' | 'monthly';
  source: string;
  /** The cited period's figure now (null when the period is not stored). */
  current: number | null;
  latestPeriod: string | null;
  latestValue: number | null;
  /** When an import last saw a new figure of the cited period (ms; 0 for one stored before vintages were kept), or null. */
  lastSeenAt: number | null;
  /** How many figures imports saw for the period (more than one: EIA revised it). */
  vintages: number;
}

/** The state of each cited figure's series and period, undefined for a series not stored: lookups by key only. */
export async function getFigureState(figure: CitedFigure, tx: Executor = db): Promise<FigureState | undefined> {
  const [row] = await tx.all<FigureState>(
    sql`select s.slug, s.name, s.unit, s.decimals, s.frequency, s.source,
          (select o.value from ${marketObservations} o where o.series_id = s.id and o.period = ${figure.period}) as current,
          (select o.period from ${marketObservations} o where o.series_id = s.id order by o.period desc limit 1) as latestPeriod,
          (select o.value from ${marketObservations} o where o.series_id = s.id order by o.period desc limit 1) as latestValue,
          (select max(v.seen_at) from ${figureRevisions} v where v.dataset = 'market' and v.figure = cast(s.id as text) and v.period = ${figure.period}) as lastSeenAt,
          (select count(*) from ${figureRevisions} v where v.dataset = 'market' and v.figure = cast(s.id as text) and v.period = ${figure.period}) as vintages
        from ${marketSeries} s where s.slug = ${figure.series}`,
  );
  return row;
}

/** A series' figure of the latest period on or before `day` (or its latest at all): one step down the (series_id, period) key. */
export async function getFigureOnOrBefore(
  series: string,
  day: string | undefined,
  tx: Executor = db,
): Promise<{ period: string; value: number } | undefined> {
  const [row] = await tx.all<{ period: string; value: number }>(
    sql`select o.period, o.value from ${marketSeries} s join ${marketObservations} o on o.series_id = s.id
        where s.slug = ${series} ${day === undefined ? sql`` : sql`and o.period <= ${day}`}
        order by o.period desc limit 1`,
  );
  return row;
}
