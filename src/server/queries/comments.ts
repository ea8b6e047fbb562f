import { and, asc, count, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { articles, comments } from '@db/schema';
import type { ModerationComment, PublicComment } from '@/lib/types';
import { db, type Executor } from '@/server/db';

const publicColumns = {
  id: comments.id,
  articleId: comments.articleId,
  authorName: comments.authorName,
  content: comments.content,
  approved: comments.approved,
  createdAt: comments.createdAt,
};

/** The public shape of a comment row: named fields only, so no e-mail can slip through. */
export function toPublicComment(row: {
  id: number;
  articleId: number;
  authorName: string;
  content: string;
  approved: boolean;
  createdAt: Date;
}): PublicComment {
  return {
    id: row.id,
    articleId: row.articleId,
    authorName: row.authorName,
    content: row.content,
    approved: row.approved,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A page of an article's approved comments, without e-mail addresses: the newest `limit`
 * older than the comment `before` (or the newest of all), answered oldest first. Served
 * by the (article, approved, time) index.
 */
export async function listApprovedComments(
  articleId: number,
  options: { limit: number; before?: number | undefined },
  tx: Executor = db,
): Promise<PublicComment[]> {
  const conditions = [eq(comments.articleId, articleId), eq(comments.approved, true)];
  if (options.before !== undefined) {
    const [cursor] = await tx.select({ createdAt: comments.createdAt }).from(comments).where(eq(comments.id, options.before));
    if (!cursor) return [];
    conditions.push(
      or(lt(comments.createdAt, cursor.createdAt), and(eq(comments.createdAt, cursor.createdAt), lt(comments.id, options.before))) as SQL,
    );
  }
  const rows = await tx
    .select(publicColumns)
    .from(comments)
    .where(and(...conditions))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(options.limit);
  return rows.reverse().map(toPublicComment);
}

/** How many approved comments an article has (from the index, no comment rows read). */
export async function countApprovedComments(articleId: number, tx: Executor = db): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(comments)
    .where(and(eq(comments.articleId, articleId), eq(comments.approved, true)));
  return row?.n ?? 0;
}

/** Stores a reader's comment; answers it in its public shape. */
export async function insertComment(
  values: { articleId: number; authorName: string; authorEmail: string; content: string; approved: boolean; createdAt: Date },
  tx: Executor = db,
): Promise<PublicComment> {
  const [row] = await tx.insert(comments).values(values).returning(publicColumns);
  if (!row) throw new Error('The comment was not stored.');
  return toPublicComment(row);
}

/** Every comment with its article, pending first, then newest first. */
export async function listCommentsForModeration(tx: Executor = db): Promise<ModerationComment[]> {
  const rows = await tx
    .select({ comment: comments, articleTitle: articles.title, articleSlug: articles.slug })
    .from(comments)
    .innerJoin(articles, eq(articles.id, comments.articleId))
    .orderBy(asc(comments.approved), desc(comments.createdAt), desc(comments.id));
  return rows.map(({ comment: c, articleTitle, articleSlug }) => ({
    id: c.id,
    articleId: c.articleId,
    articleTitle,
    articleSlug,
    authorName: c.authorName,
    authorEmail: c.authorEmail,
    content: c.content,
    approved: c.approved,
    createdAt: c.createdAt.toISOString(),
  }));
}

/** Approves a comment; false when there is no such comment. */
export async function approveCommentById(id: number, tx: Executor = db): Promise<boolean> {
  const rows = await tx.update(comments).set({ approved: true }).where(eq(comments.id, id)).returning({ id: comments.id });
  return rows.length > 0;
}

/** Deletes a comment; false when there was none. */
export async function deleteCommentById(id: number, tx: Executor = db): Promise<boolean> {
  const rows = await tx.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
  return rows.length > 0;
}
