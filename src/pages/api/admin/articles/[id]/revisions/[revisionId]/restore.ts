import { revisionRestoreSchema } from '@/lib/validation/article-autosave';
import { requireStaff } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { ADMIN_BODY_LIMIT, endpoint, idParam, json, parseBody, readOptionalJsonBody } from '@/server/http';
import { restoreArticleRevision } from '@/server/services/articles/articles';

/**
 * POST /api/admin/articles/{id}/revisions/{revisionId}/restore: the revision's fields become
 * the article's (kept as a new revision); with `expectedUpdatedAt`, a 409 if it was saved since.
 */
export const { POST, ALL } = endpoint({
  POST: async (context) => {
    const user = requireStaff(context);
    const id = idParam(context.params.id, messages.articleNotFound);
    const revisionId = idParam(context.params.revisionId, messages.revisionNotFound);
    const { expectedUpdatedAt } = parseBody(revisionRestoreSchema, await readOptionalJsonBody(context.request, ADMIN_BODY_LIMIT));
    return json(await restoreArticleRevision(id, revisionId, user, expectedUpdatedAt));
  },
});
