import type { AdminPage } from '@/lib/wire/common';
import type { ModerationComment } from '@/lib/wire/comments';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_COUNT_CAP, type AdminCommentListQuery, type CommentBulk } from '@/lib/validation/admin-lists';
import { writeTransaction } from '@/server/db';
import { NotFoundError, messages } from '@/server/errors';
import {
  approveCommentById,
  approveCommentsByIds,
  countModerationComments,
  deleteCommentById,
  deleteCommentsByIds,
  getModerationComment,
  listModerationComments,
} from '@/server/queries/comments';
import { readCounters } from '@/server/queries/counters';
import { adminOffsetOf, adminPage } from '@/server/services/site/admin-panel';

/** A page of the moderation list; unfiltered totals come from the running counters, never a count of a large table. */
export async function listCommentsForAdmin(query: AdminCommentListQuery): Promise<AdminPage<ModerationComment>> {
  const filter = { q: query.q, status: query.status, articleId: query.articleId };
  const fromCounters = async () => {
    const c = await readCounters();
    const pending = c['comments_pending'] ?? 0;
    const approved = c['comments_approved'] ?? 0;
    return query.status === 'pending' ? pending : query.status === 'approved' ? approved : pending + approved;
  };
  const [items, total] = await Promise.all([
    listModerationComments(filter, query.sort, ADMIN_PAGE_SIZE, adminOffsetOf(query.page)),
    query.q || query.articleId !== undefined ? countModerationComments(filter, ADMIN_SEARCH_COUNT_CAP) : fromCounters(),
  ]);
  return adminPage(items, query.page, total, Boolean(query.q));
}

/** One comment in full (a list row holds its beginning). */
export async function getCommentForAdmin(id: number): Promise<ModerationComment> {
  const comment = await getModerationComment(id);
  if (!comment) throw new NotFoundError(messages.commentNotFound);
  return comment;
}

/** Approves a pending comment: readers see it from now on. */
export async function approveComment(id: number): Promise<void> {
  if (!(await approveCommentById(id))) throw new NotFoundError(messages.commentNotFound);
}

/** Deletes a comment for good. */
export async function deleteComment(id: number): Promise<void> {
  if (!(await deleteCommentById(id))) throw new NotFoundError(messages.commentNotFound);
}

/**
 * Approves or deletes several comments in one transaction. Ids that no longer exist are
 * counted, not an error (another moderator may have been first).
 */
export async function moderateComments(bulk: CommentBulk): Promise<{ changed: number; notFound: number }> {
  const ids = [...new Set(bulk.ids)];
  const changed = await writeTransaction((tx) => (bulk.action === 'approve' ? approveCommentsByIds(ids, tx) : deleteCommentsByIds(ids, tx)));
  return { changed, notFound: ids.length - changed };
}
