import { adminArticleListSchema } from '@/lib/validation/admin-lists';
import { adminList } from '@/server/admin-routes';
import { endpoint } from '@/server/http';
import { listArticlesForAdmin } from '@/server/services/articles/admin-list';

/**
 * GET /api/admin/articles: a page of 50 articles of every status, without their HTML;
 * `q` (full text), `status` (all, draft, published, scheduled), `categoryId`, `sort`
 * (newest, oldest, title), `page`. Answers `{items, total, page, pageSize}`.
 */
export const { GET, ALL } = endpoint({
  GET: adminList(adminArticleListSchema, listArticlesForAdmin),
});
