import { z } from 'zod';

/** Rows per page of every admin list. */
export const ADMIN_PAGE_SIZE = 50;

const page = z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1);
const search = z.string().trim().max(200, 'Search text is at most 200 characters').optional();

/** The admin's article list: search (full text), status, category, order, page. */
export const adminArticleListSchema = z.object({
  q: search,
  /** `scheduled`: published with a publish time still to come. */
  status: z.enum(['all', 'draft', 'published', 'scheduled']).default('all'),
  categoryId: z.coerce.number().int().positive().optional(),
  sort: z.enum(['newest', 'oldest', 'title']).default('newest'),
  page,
});
export type AdminArticleListQuery = z.output<typeof adminArticleListSchema>;

/** The moderation queue: search (text, name, e-mail), pending or approved, one article, order, page. */
export const adminCommentListSchema = z.object({
  q: search,
  status: z.enum(['all', 'pending', 'approved']).default('pending'),
  articleId: z.coerce.number().int().positive().optional(),
  sort: z.enum(['newest', 'oldest']).default('newest'),
  page,
});
export type AdminCommentListQuery = z.output<typeof adminCommentListSchema>;

/** The contact inbox: search (name, e-mail, subject), handled or not, order, page. */
export const adminMessageListSchema = z.object({
  q: search,
  status: z.enum(['all', 'unhandled', 'handled']).default('all'),
  sort: z.enum(['newest', 'oldest']).default('newest'),
  page,
});
export type AdminMessageListQuery = z.output<typeof adminMessageListSchema>;

const ids = z
  .array(z.number({ error: 'Ids are numbers' }).int().positive(), { error: 'Choose at least one' })
  .min(1, 'Choose at least one')
  .max(200, 'At most 200 at a time');

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
