import { and, eq, inArray, lt, max, min, sql } from 'drizzle-orm';
import { FIGURE_DATASETS } from '@db/catalog/figures';
import { articles, marketObservations, releaseBriefs } from '@db/schema';
import { db, type Executor } from '@/server/db';
import { figureVintageBefore, marketFiguresSeenSince } from '@/server/queries/figure-revisions';

export type ReleaseBriefRow = typeof releaseBriefs.$inferSelect;

/**
 * Claims a release for its brief: true when this call wrote its row, false when the release (or
 * its series and period) has one already, drafted by another process or an earlier run.
 */
export async function claimReleaseBrief(values: Omit<ReleaseBriefRow, 'articleId' | 'createdAt'>, tx: Executor): Promise<boolean> {
  const rows = await tx.insert(releaseBriefs).values(values).onConflictDoNothing().returning({ releaseId: releaseBriefs.releaseId });
  return rows.length > 0;
}

export async function setReleaseBriefArticle(releaseId: string, articleId: number, tx: Executor): Promise<void> {
  await tx.update(releaseBriefs).set({ articleId }).where(eq(releaseBriefs.releaseId, releaseId));
}

/** Whether a release has its brief already (by its primary key). */
export async function hasReleaseBrief(releaseId: string, tx: Executor = db): Promise<boolean> {
  const [row] = await tx.select({ id: releaseBriefs.releaseId }).from(releaseBriefs).where(eq(releaseBriefs.releaseId, releaseId));
  return row !== undefined;
}

/** The briefs of these releases with their stories, by primary key; `public` when the story is published and due at `now`. */
export function listReleaseBriefsFor(releaseIds: readonly string[], now: Date, tx: Executor = db) {
  if (releaseIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      releaseId: releaseBriefs.releaseId,
      articleId: articles.id,
      slug: articles.slug,
      title: articles.title,
      public: sql<number>`${articles.status} = 'published' and ${articles.publishedAt} <= ${now.getTime()}`.mapWith(Boolean),
    })
    .from(releaseBriefs)
    .innerJoin(articles, eq(articles.id, releaseBriefs.articleId))
    .where(inArray(releaseBriefs.releaseId, [...releaseIds]));
}

/** The highest and lowest figure of a series before `period`, and its first period (from the primary key's range). */
export async function seriesExtremesBefore(
  seriesId: number,
  period: string,
  tx: Executor = db,
): Promise<{ high: number; low: number; first: string } | undefined> {
  const [row] = await tx
    .select({ high: max(marketObservations.value), low: min(marketObservations.value), first: min(marketObservations.period) })
    .from(marketObservations)
    .where(and(eq(marketObservations.seriesId, seriesId), lt(marketObservations.period, period)));
  return row?.high != null && row.low != null && row.first != null ? { high: row.high, low: row.low, first: row.first } : undefined;
}

/** Whether any of these series gained a figure (new or revised) at or after `since`: an outlook's import after its release. */
export function seriesUpdatedSince(seriesIds: readonly number[], since: Date, tx: Executor = db): Promise<boolean> {
  return marketFiguresSeenSince(seriesIds.map(String), since, tx);
}

/** The figure a period of a series had before `before` (the latest vintage seen earlier), if any. */
export function vintageBefore(seriesId: number, period: string, before: Date, tx: Executor = db): Promise<number | undefined> {
  return figureVintageBefore({ dataset: FIGURE_DATASETS.market, figure: String(seriesId), period }, before, tx);
}
