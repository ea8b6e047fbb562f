import { requireStaff } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { endpoint, idParam, json } from '@/server/http';
import { getArticleForAdmin } from '@/server/services/articles/articles';
import { diffRevision } from '@/server/services/articles/revisions';

/** GET /api/admin/articles/{id}/revisions/{revisionId}: the revision, and how it differs from the article now. */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    const user = requireStaff(context);
    const id = idParam(context.params.id, messages.articleNotFound);
    await getArticleForAdmin(id, user);
    return json(await diffRevision(id, idParam(context.params.revisionId, messages.revisionNotFound)));
  },
});
