import { articleUpdateSchema } from '@/lib/validation/article';
import { requireStaff } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { ADMIN_BODY_LIMIT, endpoint, idParam, json, parseBody, readJsonBody, slugParam } from '@/server/http';
import { deleteArticle, getPublishedArticle, updateArticle } from '@/server/services/articles/articles';

// One address, two keys: readers fetch an article by its slug, the admin changes it by its numeric id.
export const { GET, PATCH, DELETE, ALL } = endpoint({
  /** GET /api/articles/{slug}: one published article with its HTML content. */
  GET: async ({ params }) => {
    return json(await getPublishedArticle(slugParam(params.key, messages.articleNotFound)));
  },
  /** PATCH /api/articles/{id} (admin): updates the given fields; with `expectedUpdatedAt`, a 409 if it was saved since. */
  PATCH: async (context) => {
    const user = requireStaff(context);
    const id = idParam(context.params.key, messages.articleNotFound);
    const input = parseBody(articleUpdateSchema, await readJsonBody(context.request, ADMIN_BODY_LIMIT));
    return json(await updateArticle(id, input, user));
  },
  /** DELETE /api/articles/{id} (admin). */
  DELETE: async (context) => {
    const user = requireStaff(context);
    await deleteArticle(idParam(context.params.key, messages.articleNotFound), user);
    return new Response(null, { status: 204 });
  },
});
