import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { articles, marketSeries, seriesAnnotations, users } from '@db/schema';
import { db, type Executor } from '@/server/db';
import { countRows } from '@/server/queries/pages';

export type SeriesAnnotationRow = typeof seriesAnnotations.$inferSelect;
export type SeriesAnnotationValues = Pick<SeriesAnnotationRow, 'seriesId' | 'startsOn' | 'endsOn' | 'label' | 'articleId'>;

/** An annotation with its series and its linked story as the admin and the pages read them. */
export interface SeriesAnnotationDetail {
  id: number;
  seriesSlug: string;
  seriesName: string;
  startsOn: string;
  endsOn: string | null;
  label: string;
  articleId: number | null;
  articleSlug: string | null;
  articleTitle: string | null;
  /** Whether the linked story is public now (published and due). */
  articlePublic: boolean;
  createdBy: string | null;
  updatedAt: Date;
}

/** The columns of `SeriesAnnotationDetail`; the story is public when published and due at `now`. */
function detailColumns(now: Date) {
  return {
    id: seriesAnnotations.id,
    seriesSlug: marketSeries.slug,
    seriesName: marketSeries.name,
    startsOn: seriesAnnotations.startsOn,
    endsOn: seriesAnnotations.endsOn,
    label: seriesAnnotations.label,
    articleId: seriesAnnotations.articleId,
    articleSlug: articles.slug,
    articleTitle: articles.title,
    articlePublic: sql<number>`coalesce(${articles.status} = 'published' and ${articles.publishedAt} <= ${now.getTime()}, 0)`.mapWith(Boolean),
    createdBy: users.username,
    updatedAt: seriesAnnotations.updatedAt,
  };
}

function detailQuery(tx: Executor, now: Date) {
  return tx
    .select(detailColumns(now))
    .from(seriesAnnotations)
    .innerJoin(marketSeries, eq(marketSeries.id, seriesAnnotations.seriesId))
    .leftJoin(articles, eq(articles.id, seriesAnnotations.articleId))
    .leftJoin(users, eq(users.id, seriesAnnotations.createdBy));
}

/** A page of one series' annotations, oldest day first (through the index on (series_id, starts_on, id)). */
export function listSeriesAnnotations(
  seriesId: number,
  page: { limit: number; offset: number },
  now: Date = new Date(),
  tx: Executor = db,
): Promise<SeriesAnnotationDetail[]> {
  return detailQuery(tx, now)
    .where(eq(seriesAnnotations.seriesId, seriesId))
    .orderBy(asc(seriesAnnotations.startsOn), asc(seriesAnnotations.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** A series' newest annotations (by day), at most `limit`, answered oldest first: what its charts mark. */
export async function listLatestSeriesAnnotations(
  seriesId: number,
  limit: number,
  now: Date = new Date(),
  tx: Executor = db,
): Promise<SeriesAnnotationDetail[]> {
  const rows = await detailQuery(tx, now)
    .where(eq(seriesAnnotations.seriesId, seriesId))
    .orderBy(desc(seriesAnnotations.startsOn), desc(seriesAnnotations.id))
    .limit(limit);
  return rows.reverse();
}

/** How many annotations a series has (from the index). */
export async function countSeriesAnnotations(seriesId: number, tx: Executor = db): Promise<number> {
  return countRows(tx, seriesAnnotations, eq(seriesAnnotations.seriesId, seriesId));
}

/** The admin's page: one series' annotations, or every one's, newest day first. */
export function listAnnotationsPage(
  seriesId: number | undefined,
  page: { limit: number; offset: number },
  now: Date = new Date(),
  tx: Executor = db,
): Promise<SeriesAnnotationDetail[]> {
  const query = detailQuery(tx, now);
  return (seriesId === undefined ? query : query.where(eq(seriesAnnotations.seriesId, seriesId)))
    .orderBy(desc(seriesAnnotations.startsOn), desc(seriesAnnotations.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many annotations the admin's list holds (one series' or all). */
export async function countAnnotations(seriesId: number | undefined, tx: Executor = db): Promise<number> {
  return countRows(tx, seriesAnnotations, seriesId === undefined ? undefined : eq(seriesAnnotations.seriesId, seriesId));
}

/** One annotation with its series and story. */
export async function getAnnotationDetail(id: number, now: Date = new Date(), tx: Executor = db): Promise<SeriesAnnotationDetail | undefined> {
  const [row] = await detailQuery(tx, now).where(eq(seriesAnnotations.id, id));
  return row;
}

/** The annotations that link a story, with their series, in time order (through the index on `article_id`); at most `limit`. */
export function listAnnotationsOfArticle(articleId: number, limit: number, tx: Executor = db) {
  return tx
    .select({
      slug: marketSeries.slug,
      name: marketSeries.name,
      startsOn: seriesAnnotations.startsOn,
      endsOn: seriesAnnotations.endsOn,
      label: seriesAnnotations.label,
    })
    .from(seriesAnnotations)
    .innerJoin(marketSeries, eq(marketSeries.id, seriesAnnotations.seriesId))
    .where(eq(seriesAnnotations.articleId, articleId))
    .orderBy(asc(seriesAnnotations.startsOn), asc(seriesAnnotations.id))
    .limit(limit);
}

export async function insertAnnotation(
  values: SeriesAnnotationValues & { createdBy: number | null },
  tx: Executor = db,
): Promise<SeriesAnnotationRow> {
  const [row] = await tx.insert(seriesAnnotations).values(values).returning();
  if (!row) throw new Error('The annotation was not stored.');
  return row;
}

/** The row as it was before the change, or undefined when there is no such annotation. */
export async function updateAnnotation(id: number, values: SeriesAnnotationValues, tx: Executor = db): Promise<SeriesAnnotationRow | undefined> {
  const [before] = await tx.select().from(seriesAnnotations).where(eq(seriesAnnotations.id, id));
  if (!before) return undefined;
  await tx
    .update(seriesAnnotations)
    .set({ ...values, updatedAt: new Date(Math.max(Date.now(), before.updatedAt.getTime() + 1)) })
    .where(eq(seriesAnnotations.id, id));
  return before;
}

/** The deleted row, or undefined when there was none. */
export async function deleteAnnotation(id: number, tx: Executor = db): Promise<SeriesAnnotationRow | undefined> {
  const [row] = await tx
    .delete(seriesAnnotations)
    .where(and(eq(seriesAnnotations.id, id)))
    .returning();
  return row;
}
