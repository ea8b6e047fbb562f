import type { AdminArticleRow, AdminCounts, AdminMessage, AdminPage, ModerationComment } from '@/lib/types';
import {
  ADMIN_PAGE_SIZE,
  ADMIN_SEARCH_COUNT_CAP,
  type AdminArticleListQuery,
  type AdminCommentListQuery,
  type AdminMessageListQuery,
  type CommentBulk,
  type MessageBulk,
} from '@/lib/validation/admin-lists';
import { writeTransaction } from '@/server/db';
import { NotFoundError, messages } from '@/server/errors';
import { countAdminArticles, listAdminArticleRows } from '@/server/queries/articles';
import {
  approveCommentsByIds,
  countModerationComments,
  deleteCommentsByIds,
  getModerationComment,
  listModerationComments,
} from '@/server/queries/comments';
import {
  countContactMessages,
  deleteContactMessagesByIds,
  getContactMessage,
  listContactMessages,
  setContactMessagesHandled,
} from '@/server/queries/contact-messages';
import { readCounters } from '@/server/queries/counters';
import { countSubscribers } from '@/server/queries/subscribers';

const offsetOf = (page: number) => (page - 1) * ADMIN_PAGE_SIZE;

/** A page of the admin's article list and the total of its filter. */
export async function listArticlesForAdmin(query: AdminArticleListQuery): Promise<AdminPage<AdminArticleRow>> {
  const filter = { q: query.q, status: query.status, categoryId: query.categoryId, now: new Date() };
  const [items, total] = await Promise.all([
    listAdminArticleRows(filter, query.sort, ADMIN_PAGE_SIZE, offsetOf(query.page)),
    countAdminArticles(filter, ADMIN_SEARCH_COUNT_CAP),
  ]);
  return { items, page: query.page, pageSize: ADMIN_PAGE_SIZE, ...(query.q ? cappedTotal(total) : { total }) };
}

/** A search's total as the lists say it: exact up to the cap, else the cap and "more" (lists without a search count exactly). */
function cappedTotal(total: number): { total: number; totalAtLeast?: true } {
  return total > ADMIN_SEARCH_COUNT_CAP ? { total: ADMIN_SEARCH_COUNT_CAP, totalAtLeast: true } : { total };
}

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
    listModerationComments(filter, query.sort, ADMIN_PAGE_SIZE, offsetOf(query.page)),
    query.q || query.articleId !== undefined ? countModerationComments(filter, ADMIN_SEARCH_COUNT_CAP) : fromCounters(),
  ]);
  return { items, page: query.page, pageSize: ADMIN_PAGE_SIZE, ...(query.q ? cappedTotal(total) : { total }) };
}

/** A page of the contact inbox. */
export async function listMessagesForAdmin(query: AdminMessageListQuery): Promise<AdminPage<AdminMessage>> {
  const filter = { q: query.q, status: query.status };
  const fromCounters = async () => {
    const c = await readCounters();
    const unhandled = c['messages_unhandled'] ?? 0;
    const handled = c['messages_handled'] ?? 0;
    return query.status === 'unhandled' ? unhandled : query.status === 'handled' ? handled : unhandled + handled;
  };
  const [items, total] = await Promise.all([
    listContactMessages(filter, query.sort, ADMIN_PAGE_SIZE, offsetOf(query.page)),
    query.q ? countContactMessages(filter) : fromCounters(),
  ]);
  return { items, total, page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

/** The numbers in the admin's tab labels. */
export async function getAdminCounts(): Promise<AdminCounts> {
  const now = new Date();
  const [c, drafts, scheduled, subscribers] = await Promise.all([
    readCounters(),
    countAdminArticles({ status: 'draft', now }),
    countAdminArticles({ status: 'scheduled', now }),
    countSubscribers({ status: 'active' }),
  ]);
  return { pendingComments: c['comments_pending'] ?? 0, unhandledMessages: c['messages_unhandled'] ?? 0, drafts, scheduled, subscribers };
}

/** One comment in full (a list row holds its beginning). */
export async function getCommentForAdmin(id: number): Promise<ModerationComment> {
  const comment = await getModerationComment(id);
  if (!comment) throw new NotFoundError(messages.commentNotFound);
  return comment;
}

/** One message in full. */
export async function getMessageForAdmin(id: number): Promise<AdminMessage> {
  const message = await getContactMessage(id);
  if (!message) throw new NotFoundError(messages.messageNotFound);
  return message;
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

/** Marks several messages handled or unhandled, or deletes them, in one transaction. */
export async function changeMessages(bulk: MessageBulk): Promise<{ changed: number; notFound: number }> {
  const ids = [...new Set(bulk.ids)];
  const changed = await writeTransaction((tx) =>
    bulk.action === 'delete' ? deleteContactMessagesByIds(ids, tx) : setContactMessagesHandled(ids, bulk.action === 'handled', tx),
  );
  return { changed, notFound: ids.length - changed };
}
