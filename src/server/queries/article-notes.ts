import { desc, eq, max } from 'drizzle-orm';
import { articleNotes, articleRevisions, articles } from '@db/schema';
import { db, type Executor } from '@/server/db';

export type ArticleNoteRow = typeof articleNotes.$inferSelect;

/** Adds a note, tied to the article's latest revision at that moment. */
export async function insertArticleNote(values: Omit<typeof articleNotes.$inferInsert, 'revisionId'>, tx: Executor = db): Promise<ArticleNoteRow> {
  const [latest] = await tx
    .select({ id: max(articleRevisions.id) })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, values.articleId));
  const [row] = await tx
    .insert(articleNotes)
    .values({ ...values, revisionId: latest?.id ?? null })
    .returning();
  if (!row) throw new Error('The note was not stored.');
  return row;
}

/** An article's notes, newest first (from the article's index), at most `limit`. */
export async function listArticleNotes(articleId: number, limit: number, tx: Executor = db): Promise<ArticleNoteRow[]> {
  return tx.select().from(articleNotes).where(eq(articleNotes.articleId, articleId)).orderBy(desc(articleNotes.id)).limit(limit);
}

/** Sets a draft's review state (never its `updatedAt`: a review is no edit of the text). */
export async function setReviewState(articleId: number, reviewState: 'submitted' | 'returned' | null, tx: Executor = db): Promise<void> {
  await tx.update(articles).set({ reviewState }).where(eq(articles.id, articleId));
}
