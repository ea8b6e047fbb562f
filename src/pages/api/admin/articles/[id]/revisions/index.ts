import { adminRevisionListSchema } from '@/lib/validation/admin-lists';
import { requireStaff } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { endpoint, idParam, json, parseQuery } from '@/server/http';
import { getArticleForAdmin } from '@/server/services/articles/articles';
import { listRevisions } from '@/server/services/articles/revisions';

/** GET /api/admin/articles/{id}/revisions: the article's saves, newest first, 50 a page: `{items, total, page, pageSize}`. */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    const user = requireStaff(context);
    const id = idParam(context.params.id, messages.articleNotFound);
    await getArticleForAdmin(id, user);
    const { page } = parseQuery(adminRevisionListSchema, context.url);
    return json(await listRevisions(id, page));
  },
});
