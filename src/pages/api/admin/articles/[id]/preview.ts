import { requireStaff } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { endpoint, idParam, json } from '@/server/http';
import { getArticleForAdmin } from '@/server/services/articles/articles';
import { createPreviewLink, revokePreviewLinks } from '@/server/services/articles/preview';

/**
 * POST /api/admin/articles/{id}/preview: a private link to the article page as it is now, whatever its status: `{url, expiresAt}`.
 * DELETE: revokes every preview link of the article made so far (204); they answer 404 from then on.
 */
export const { POST, DELETE, ALL } = endpoint({
  POST: async (context) => {
    const id = idParam(context.params.id, messages.articleNotFound);
    await getArticleForAdmin(id, requireStaff(context));
    return json(await createPreviewLink(id), { status: 201 });
  },
  DELETE: async (context) => {
    const id = idParam(context.params.id, messages.articleNotFound);
    await getArticleForAdmin(id, requireStaff(context));
    await revokePreviewLinks(id);
    return new Response(null, { status: 204 });
  },
});
