import { adminCommentListSchema } from '@/lib/validation/admin-lists';
import { adminList } from '@/server/admin-routes';
import { endpoint } from '@/server/http';
import { listCommentsForAdmin } from '@/server/services/comments/moderation';

/**
 * GET /api/admin/comments: a page of 50 comments with e-mail addresses and the first part
 * of their text; `q` (text, name, e-mail), `status` (all by default, pending, approved),
 * `articleId`, `sort` (pending first by default, newest, oldest), `page`. Answers
 * `{items, total, page, pageSize}`.
 */
export const { GET, ALL } = endpoint({
  GET: adminList(adminCommentListSchema, listCommentsForAdmin),
});
