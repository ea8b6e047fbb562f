import { asc, eq, sql } from 'drizzle-orm';
import { articleCitations, articles, figureRevisions, marketObservations, marketSeries } from '@db/schema';
import { db, type Executor } from '@/server/db';

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

/**
 * The published stories readers see now that cite `figure`, in id order, with the value each
 * states (a story citing it twice with two values, each), `limit` stories after `afterId`
 * (keyset): one range of `article_citations_data_idx` (kind, key, period, then the article id
 * it is ordered by and the value, so no citation row is read), each story's visibility then
 * checked by key on `articles_visibility_idx`, never the article rows; no sort.
 */
export async function listPublicArticlesCitingFigure(
  figure: CitedFigure,
  now: Date,
  limit: number,
  afterId = 0,
  tx: Executor = db,
): Promise<{ articleId: number; valueAsPublished: number }[]> {
  return tx.all<{ articleId: number; valueAsPublished: number }>(
    sql`select distinct ${articleCitations.articleId} as articleId, ${articleCitations.valueAsPublished} as valueAsPublished
        from ${articleCitations} indexed by article_citations_data_idx
        cross join ${articles} indexed by articles_visibility_idx on ${articles.id} = ${articleCitations.articleId}
        where ${articleCitations.kind} = 'markets' and ${articleCitations.key} = ${figure.series} and ${articleCitations.period} = ${figure.period}
          and ${articleCitations.articleId} > ${afterId}
          and ${articles.status} = 'published' and ${articles.publishedAt} <= ${now.getTime()}
        order by ${articleCitations.articleId} limit ${limit}`,
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
