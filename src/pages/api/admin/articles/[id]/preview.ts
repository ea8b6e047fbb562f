import { requireAdmin } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { endpoint, idParam, json } from '@/server/http';
import { createPreviewLink } from '@/server/services/articles/preview';

/** POST /api/admin/articles/{id}/preview: a private link to the article page as it is now, whatever its status: `{url, expiresAt}`. */
export const { POST, ALL } = endpoint({
  POST: async (context) => {
    requireAdmin(context);
    return json(await createPreviewLink(idParam(context.params.id, messages.articleNotFound)), { status: 201 });
  },
});
