import * as z from '@/lib/validation/zod-mini';
import { wholeNumber } from '@/lib/validation/page-query';
import { MAIL_EDITIONS } from '@/lib/mail-editions';

/** Rows per page of every admin list. */
export const ADMIN_PAGE_SIZE = 50;

/** A search of an admin list counts its matches up to this many, then says "1,000+". */
export const ADMIN_SEARCH_COUNT_CAP = 1_000;

/** The page number; anything unreadable is the first page. */
const page = z._default(z.catch(wholeNumber(1, 1_000_000), 1), 1);
const search = z.optional(z.string().check(z.trim(), z.maxLength(200, 'Search text is at most 200 characters')));
const positiveId = z.optional(wholeNumber(1, Number.MAX_SAFE_INTEGER));

/** One of `values`, the first when absent: a list's status filter or order. */
const choice = <const V extends readonly [string, ...string[]]>(values: V) => z._default(z.enum(values), values[0]);

/** What most admin lists take: a search, a status filter and an order (each defaulting to its first value), and the page. */
const filteredList = <const S extends readonly [string, ...string[]], const O extends readonly [string, ...string[]]>(statuses: S, sorts: O) => ({
  q: search,
  status: choice(statuses),
  sort: choice(sorts),
  page,
});

/** The admin's article list: search (full text), status, category, order, page. */
export const adminArticleListSchema = z.object({
  /** Status `scheduled`: published with a publish time still to come; `review`: drafts submitted for review. */
  ...filteredList(['all', 'draft', 'published', 'scheduled', 'review'], ['newest', 'oldest', 'title']),
  categoryId: positiveId,
});
export type AdminArticleListQuery = z.output<typeof adminArticleListSchema>;

/**
 * The moderation list: every comment unless `status` says pending or approved; search (text,
 * name, e-mail), one article, order (`pending`: pending first, each part newest first; a
 * search lists its matches newest first), page.
 */
export const adminCommentListSchema = z.object({
  ...filteredList(['all', 'pending', 'approved'], ['pending', 'newest', 'oldest']),
  articleId: positiveId,
});
export type AdminCommentListQuery = z.output<typeof adminCommentListSchema>;

/** The contact inbox: search (name, e-mail, subject), handled or not, order, page. */
export const adminMessageListSchema = z.object(filteredList(['all', 'unhandled', 'handled'], ['newest', 'oldest']));
export type AdminMessageListQuery = z.output<typeof adminMessageListSchema>;

/** How many records one bulk change may name. */
export const BULK_MAX = 200;

const ids = z
  .array(z.number({ error: 'Ids are numbers' }).check(z.int(), z.positive()), { error: 'Choose at least one' })
  .check(z.minLength(1, 'Choose at least one'), z.maxLength(BULK_MAX, `At most ${BULK_MAX} at a time`));

/** Several comments approved or deleted at once. */
export const commentBulkSchema = z.object({
  action: z.enum(['approve', 'delete'], { error: 'Choose approve or delete' }),
  ids,
});
export type CommentBulk = z.output<typeof commentBulkSchema>;

/** Several messages marked (un)handled or deleted at once. */
export const messageBulkSchema = z.object({
  action: z.enum(['handled', 'unhandled', 'delete'], { error: 'Choose handled, unhandled or delete' }),
  ids,
});
export type MessageBulk = z.output<typeof messageBulkSchema>;

/** The admin's author list: search (name), by name, page. */
export const adminAuthorListSchema = z.object({ q: search, sort: choice(['name']), page });
export type AdminAuthorListQuery = z.output<typeof adminAuthorListSchema>;
/** An article's revisions: the page. */
export const adminRevisionListSchema = z.object({ page });
/** An article's corrections: the page (newest first). */
export const adminCorrectionListSchema = z.object({ page });
export type AdminCorrectionListQuery = z.output<typeof adminCorrectionListSchema>;

/** The admin's analytics content: the page (newest first). */
export const adminAnalyticsContentListSchema = z.object({ page });
export type AdminAnalyticsContentListQuery = z.output<typeof adminAnalyticsContentListSchema>;

/**
 * The admin's subscriber list: `q` finds addresses that start with it (served by the unique
 * e-mail index, listed by address), status, order, page.
 */
export const adminSubscriberListSchema = z.object({
  ...filteredList(['all', 'pending', 'active', 'unsubscribed'], ['newest', 'oldest']),
  q: z.optional(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(200, 'Search text is at most 200 characters'))),
});
export type AdminSubscriberListQuery = z.output<typeof adminSubscriberListSchema>;

/** What the outbox holds, by kind (the admin's Newsletter tab filters on it): each edition's of the catalog among the others. */
export const OUTBOX_KINDS = ['confirmation', ...Object.values(MAIL_EDITIONS).map((edition) => edition.kind), 'editors', 'staff', 'test'] as const;
/** Where a message stands: waiting, sent, kept (no SMTP configured), or given up on. */
export const OUTBOX_STATUSES = ['pending', 'sent', 'kept', 'failed'] as const;

/** The admin's list of sent mail: one recipient (the exact address), kind, status, newest first, page. */
export const adminOutboxListSchema = z.object({
  q: search,
  kind: choice(['all', ...OUTBOX_KINDS]),
  status: choice(['all', ...OUTBOX_STATUSES]),
  sort: choice(['newest']),
  page,
});
export type AdminOutboxListQuery = z.output<typeof adminOutboxListSchema>;
