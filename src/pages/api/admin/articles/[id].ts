import { requireAdmin } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { endpoint, idParam, json } from '@/server/http';
import { getArticleForAdmin } from '@/server/services/articles/articles';

/** GET /api/admin/articles/{id}: one article of any status, with its HTML, for the editor. */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    requireAdmin(context);
    return json(await getArticleForAdmin(idParam(context.params.id, messages.articleNotFound)));
  },
});
