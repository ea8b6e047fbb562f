import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { comments } from '@db/schema';
import type { PublicComment } from '@/lib/types';

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

/** Approved comments of an article, oldest first, without e-mail addresses. */
export async function listApprovedComments(db: Db, articleId: number): Promise<PublicComment[]> {
  const rows = await db
    .select(publicColumns)
    .from(comments)
    .where(and(eq(comments.articleId, articleId), eq(comments.approved, true)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map(toPublicComment);
}
