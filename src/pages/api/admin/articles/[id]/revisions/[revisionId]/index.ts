import { requireAdmin } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { endpoint, idParam, json } from '@/server/http';
import { diffRevision } from '@/server/services/articles/revisions';

/** GET /api/admin/articles/{id}/revisions/{revisionId}: the revision, and how it differs from the article now. */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    requireAdmin(context);
    const id = idParam(context.params.id, messages.articleNotFound);
    return json(await diffRevision(id, idParam(context.params.revisionId, messages.revisionNotFound)));
  },
});
