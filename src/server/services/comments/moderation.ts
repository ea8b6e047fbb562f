import type { AdminPage } from '@/lib/wire/common';
import type { ModerationComment } from '@/lib/wire/comments';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_COUNT_CAP, type AdminCommentListQuery, type CommentBulk } from '@/lib/validation/admin-lists';
import { writeTransaction } from '@/server/db';
import { NotFoundError, messages } from '@/server/errors';
import {
  approveCommentsByIds,
  countModerationComments,
  deleteCommentsByIds,
  getModerationComment,
  listModerationComments,
  type ModerationFilter,
} from '@/server/queries/comments';
import { readCounters } from '@/server/queries/counters';
import { adminOffsetOf, adminPage } from '@/server/admin-lists';

/**
 * A page of the moderation list: every comment by default, pending first (each part newest
 * first), or one status, newest or oldest first. Pending first is two walks of the (approved,
 * time) index, or of the (article, approved, time) one: the page's pending comments, then as
 * many approved ones as it has room for. Unfiltered totals come from the running counters,
 * never a count of a large table.
 */
export async function listCommentsForAdmin(query: AdminCommentListQuery): Promise<AdminPage<ModerationComment>> {
  const filter = { q: query.q, status: query.status, articleId: query.articleId };
  const counted = Boolean(query.q) || query.articleId !== undefined;
  const totalOf = async (status: ModerationFilter['status']) => {
    if (counted) return countModerationComments({ ...filter, status }, ADMIN_SEARCH_COUNT_CAP);
    const c = await readCounters();
    const pending = c['comments_pending'] ?? 0;
    const approved = c['comments_approved'] ?? 0;
    return status === 'pending' ? pending : status === 'approved' ? approved : pending + approved;
  };
  const offset = adminOffsetOf(query.page);
  const pendingFirst = query.sort === 'pending' && query.status === 'all' && !query.q;
  const [items, total] = await Promise.all([
    pendingFirst
      ? listPendingFirst(filter, offset, totalOf('pending'))
      : listModerationComments({ filter, sort: query.sort === 'oldest' ? 'oldest' : 'newest', limit: ADMIN_PAGE_SIZE, offset }),
    totalOf(query.status),
  ]);
  return adminPage(items, query.page, total, Boolean(query.q));
}

/** The page at `offset` of pending comments followed by approved ones, each newest first. */
async function listPendingFirst(filter: ModerationFilter, offset: number, pendingTotal: Promise<number>): Promise<ModerationComment[]> {
  const pending = await pendingTotal;
  const first =
    offset < pending
      ? await listModerationComments({ filter: { ...filter, status: 'pending' }, sort: 'newest', limit: ADMIN_PAGE_SIZE, offset })
      : [];
  const room = ADMIN_PAGE_SIZE - first.length;
  if (room === 0) return first;
  const rest = await listModerationComments({
    filter: { ...filter, status: 'approved' },
    sort: 'newest',
    limit: room,
    offset: Math.max(0, offset - pending),
  });
  return [...first, ...rest];
}

/** One comment in full (a list row holds its beginning). */
export async function getCommentForAdmin(id: number): Promise<ModerationComment> {
  const comment = await getModerationComment(id);
  if (!comment) throw new NotFoundError(messages.commentNotFound);
  return comment;
}

/** Approves a pending comment: readers see it from now on. */
export async function approveComment(id: number): Promise<void> {
  if ((await approveCommentsByIds([id])) === 0) throw new NotFoundError(messages.commentNotFound);
}

/** Deletes a comment for good. */
export async function deleteComment(id: number): Promise<void> {
  if ((await deleteCommentsByIds([id])) === 0) throw new NotFoundError(messages.commentNotFound);
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
