import { and, desc, eq, sql } from 'drizzle-orm';
import { articleAutosaves, articleRevisions } from '@db/schema';
import { db, type Executor } from '@/server/db';
import { countRows, findRow } from '@/server/queries/pages';

export type ArticleRevisionRecord = typeof articleRevisions.$inferSelect;
export type ArticleAutosaveRecord = typeof articleAutosaves.$inferSelect;

/** Stores one revision; answers its id. */
export async function insertArticleRevision(values: typeof articleRevisions.$inferInsert, tx: Executor = db): Promise<number> {
  const [row] = await tx.insert(articleRevisions).values(values).returning({ id: articleRevisions.id });
  if (!row) throw new Error('The revision was not stored.');
  return row.id;
}

/** Whether an article's history has begun (any revision stored). */
export async function hasArticleRevisions(articleId: number, tx: Executor = db): Promise<boolean> {
  const [row] = await tx.select({ id: articleRevisions.id }).from(articleRevisions).where(eq(articleRevisions.articleId, articleId)).limit(1);
  return row !== undefined;
}

/** A page of an article's revisions, newest first, without their snapshots' bodies (from the index, then the page's rows). */
export async function listArticleRevisions(
  articleId: number,
  limit: number,
  offset: number,
  tx: Executor = db,
): Promise<(Omit<ArticleRevisionRecord, 'snapshot'> & { title: string })[]> {
  return tx
    .select({
      id: articleRevisions.id,
      articleId: articleRevisions.articleId,
      userId: articleRevisions.userId,
      username: articleRevisions.username,
      action: articleRevisions.action,
      changedFields: articleRevisions.changedFields,
      createdAt: articleRevisions.createdAt,
      title: sql<string>`coalesce(json_extract(${articleRevisions.snapshot}, '$.title'), '')`,
    })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.id))
    .limit(limit)
    .offset(offset);
}

/** How many revisions an article has (from the index). */
export async function countArticleRevisions(articleId: number, tx: Executor = db): Promise<number> {
  return countRows(tx, articleRevisions, eq(articleRevisions.articleId, articleId));
}

/** One revision of an article, or undefined. */
export async function getArticleRevision(articleId: number, revisionId: number, tx: Executor = db): Promise<ArticleRevisionRecord | undefined> {
  return findRow(tx, articleRevisions, and(eq(articleRevisions.id, revisionId), eq(articleRevisions.articleId, articleId)));
}

/** Writes (or overwrites) a user's autosave under its key. */
export async function upsertArticleAutosave(values: ArticleAutosaveRecord, tx: Executor = db): Promise<void> {
  await tx
    .insert(articleAutosaves)
    .values(values)
    .onConflictDoUpdate({
      target: [articleAutosaves.userId, articleAutosaves.draftKey],
      set: { articleId: values.articleId, baseUpdatedAt: values.baseUpdatedAt, data: values.data, savedAt: values.savedAt },
    });
}

/** A user's autosave under its key, or undefined. */
export async function getArticleAutosave(userId: number, draftKey: string, tx: Executor = db): Promise<ArticleAutosaveRecord | undefined> {
  return findRow(tx, articleAutosaves, and(eq(articleAutosaves.userId, userId), eq(articleAutosaves.draftKey, draftKey)));
}

/** Drops a user's autosave under its key (the article was saved, or the editor discarded it). */
export async function deleteArticleAutosave(userId: number, draftKey: string, tx: Executor = db): Promise<void> {
  await tx.delete(articleAutosaves).where(and(eq(articleAutosaves.userId, userId), eq(articleAutosaves.draftKey, draftKey)));
}
