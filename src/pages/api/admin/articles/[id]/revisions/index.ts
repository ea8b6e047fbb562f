import { adminRevisionListSchema } from '@/lib/validation/admin-lists';
import { requireAdmin } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { endpoint, idParam, json, parseQuery } from '@/server/http';
import { listRevisions } from '@/server/services/articles/revisions';

/** GET /api/admin/articles/{id}/revisions: the article's saves, newest first, 50 a page: `{items, total, page, pageSize}`. */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    requireAdmin(context);
    const { page } = parseQuery(adminRevisionListSchema, context.url);
    return json(await listRevisions(idParam(context.params.id, messages.articleNotFound), page));
  },
});
