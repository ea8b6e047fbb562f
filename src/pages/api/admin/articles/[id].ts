import { requireAdmin } from '@/server/auth/guard';
import { NotFoundError, messages } from '@/server/errors';
import { endpoint, idParam, json } from '@/server/http';
import { getAdminArticle } from '@/server/queries/articles';

/** GET /api/admin/articles/{id}: one article of any status, with its HTML, for the editor. */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    requireAdmin(context);
    const article = await getAdminArticle(idParam(context.params.id, messages.articleNotFound));
    if (!article) throw new NotFoundError(messages.articleNotFound);
    return json(article);
  },
});
