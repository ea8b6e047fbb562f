import { and, eq, lte } from 'drizzle-orm';
import { articles, comments } from '@db/schema';
import type { CommentCreate } from '@/lib/validation/comment';
import { HONEYPOT_FIELD } from '@/lib/validation/text';
import type { PublicComment } from '@/lib/types';
import { getDb, writeTransaction } from '@/server/db';
import { NotFoundError, messages } from '@/server/errors';
import { listApprovedComments, toPublicComment } from '@/server/queries/comments';
import { RATE_RULES, takeRateLimit } from '@/server/rate-limit';

/** Comments are held on published, due articles only. */
async function assertPublicArticle(articleId: number): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.id, articleId), eq(articles.status, 'published'), lte(articles.publishedAt, new Date())));
  if (!row) throw new NotFoundError(messages.articleNotFound);
}

/** The approved comments readers see under an article. */
export async function getArticleComments(articleId: number): Promise<PublicComment[]> {
  await assertPublicArticle(articleId);
  return listApprovedComments(await getDb(), articleId);
}

/**
 * Stores a reader's comment as pending (CONTRACT 2.7), counting it toward the sender's
 * rate limit in the same transaction. A filled honeypot gets the same answer and stores
 * nothing.
 */
export async function submitComment(articleId: number, input: CommentCreate, clientAddress: string, now: Date = new Date()): Promise<PublicComment> {
  await assertPublicArticle(articleId);
  if (input[HONEYPOT_FIELD]) {
    return { id: 0, articleId, authorName: input.authorName, content: input.content, approved: false, createdAt: now.toISOString() };
  }
  return writeTransaction(async (tx) => {
    await takeRateLimit(tx, 'comment', clientAddress, RATE_RULES.comment, now);
    const [row] = await tx
      .insert(comments)
      .values({ articleId, authorName: input.authorName, authorEmail: input.authorEmail, content: input.content, approved: false, createdAt: now })
      .returning();
    if (!row) throw new Error('The comment was not stored.');
    return toPublicComment(row);
  });
}
