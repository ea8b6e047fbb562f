import { adminArticleListSchema } from '@/lib/validation/admin-lists';
import { requireAdmin } from '@/server/auth/guard';
import { endpoint, json, parseQuery } from '@/server/http';
import { listArticlesForAdmin } from '@/server/services/articles/admin-list';

/**
 * GET /api/admin/articles: a page of 50 articles of every status, without their HTML;
 * `q` (full text), `status` (all, draft, published, scheduled), `categoryId`, `sort`
 * (newest, oldest, title), `page`. Answers `{items, total, page, pageSize}`.
 */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    requireAdmin(context);
    return json(await listArticlesForAdmin(parseQuery(adminArticleListSchema, context.url)));
  },
});
