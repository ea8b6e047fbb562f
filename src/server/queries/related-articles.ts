import { asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { articles, relatedArticles } from '@db/schema';
import { db, type Executor } from '@/server/db';

/**
 * Up to `limit` of an article's stored related stories that readers may see now, closest
 * first: its list by primary key, each checked against the covering index of article
 * visibility (never the article rows), so the cost does not grow with the archive.
 */
export async function listStoredRelatedIds(articleId: number, limit: number, now: Date, tx: Executor = db): Promise<number[]> {
  const rows = await tx.all<{ id: number }>(
    sql`select ${relatedArticles.relatedId} as id
        from ${relatedArticles} cross join ${articles} indexed by articles_visibility_idx on ${articles.id} = ${relatedArticles.relatedId}
        where ${relatedArticles.articleId} = ${articleId} and ${articles.status} = 'published' and ${articles.publishedAt} <= ${now.getTime()}
        order by ${relatedArticles.position} limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

/** Replaces an article's stored related stories with `relatedIds`, closest first (inside the caller's transaction). */
export async function replaceRelatedArticles(articleId: number, relatedIds: readonly number[], tx: Executor): Promise<void> {
  await tx.delete(relatedArticles).where(eq(relatedArticles.articleId, articleId));
  if (relatedIds.length > 0) {
    await tx.insert(relatedArticles).values(relatedIds.map((relatedId, position) => ({ articleId, position, relatedId })));
  }
}

/** What the related-stories pass needs of an article: its words and its topic. */
export interface RelatedSource {
  id: number;
  title: string;
  excerpt: string;
  categoryId: number;
}

/** The articles after `afterId`, in id order, `limit` at a time (the background pass's walk, by primary key). */
export async function listRelatedSourcesAfter(afterId: number, limit: number, tx: Executor = db): Promise<RelatedSource[]> {
  return tx
    .select({ id: articles.id, title: articles.title, excerpt: articles.excerpt, categoryId: articles.categoryId })
    .from(articles)
    .where(gt(articles.id, afterId))
    .orderBy(asc(articles.id))
    .limit(limit);
}

/** These articles' words and topics (by primary key); unknown ids are left out. */
export async function listRelatedSources(ids: readonly number[], tx: Executor = db): Promise<RelatedSource[]> {
  if (ids.length === 0) return [];
  return tx
    .select({ id: articles.id, title: articles.title, excerpt: articles.excerpt, categoryId: articles.categoryId })
    .from(articles)
    .where(inArray(articles.id, [...ids]));
}
