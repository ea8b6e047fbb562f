import type { PublicComment } from '@/lib/wire/comments';
import type { CommentCreate } from '@/lib/validation/comment';
import type { CommentPageQuery } from '@/lib/validation/page-query';
import { HONEYPOT_FIELD } from '@/lib/validation/text';
import { writeTransaction } from '@/server/db';
import { NotFoundError, messages } from '@/server/errors';
import { isPublicArticle } from '@/server/queries/articles';
import { countApprovedComments, insertCommentOnPublicArticle, listApprovedComments } from '@/server/queries/comments';
import { RATE_RULES, takeRateLimit } from '@/server/services/rate-limits/recorded';

/** Comments are held on published, due articles only. */
async function assertPublicArticle(articleId: number): Promise<void> {
  if (!(await isPublicArticle(articleId))) throw new NotFoundError(messages.articleNotFound);
}

/** A page of the approved comments readers see under an article (newest first by page, oldest first within), and how many there are. */
export async function getArticleComments(articleId: number, page: CommentPageQuery): Promise<{ items: PublicComment[]; total: number }> {
  await assertPublicArticle(articleId);
  const [items, total] = await Promise.all([listApprovedComments(articleId, page), countApprovedComments(articleId)]);
  return { items, total };
}

/**
 * Stores a reader's comment as pending (approved: false), counting it toward the sender's
 * rate limit in the same transaction. A filled honeypot gets the same answer and stores
 * nothing.
 */
export async function submitComment(articleId: number, input: CommentCreate, clientAddress: string, now: Date = new Date()): Promise<PublicComment> {
  if (input[HONEYPOT_FIELD]) {
    await assertPublicArticle(articleId);
    return { id: 0, articleId, authorName: input.authorName, content: input.content, approved: false, createdAt: now.toISOString() };
  }
  // The limit's check and event and the comment go to the writer together; a refusal (over
  // the limit, or no such public article) rolls back all of them.
  return writeTransaction(async (tx) => {
    const [limit, stored] = await Promise.allSettled([
      takeRateLimit(tx, 'comment', clientAddress, RATE_RULES.comment, now),
      insertCommentOnPublicArticle(
        { articleId, authorName: input.authorName, authorEmail: input.authorEmail, content: input.content, approved: false, createdAt: now },
        tx,
      ),
    ]);
    if (stored.status === 'rejected') throw stored.reason;
    // No such public article is told before the limit: it was never a comment.
    if (!stored.value) throw new NotFoundError(messages.articleNotFound);
    if (limit.status === 'rejected') throw limit.reason;
    return stored.value;
  });
}
