import { authorUpdateSchema } from '@/lib/validation/author';
import { requireAdmin } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { ADMIN_BODY_LIMIT, endpoint, idParam, json, parseBody, readJsonBody } from '@/server/http';
import { deleteAuthor, getAuthor, updateAuthor } from '@/server/services/articles/authors';

export const { GET, PATCH, DELETE, ALL } = endpoint({
  /** GET /api/admin/authors/{id}. */
  GET: async (context) => {
    requireAdmin(context);
    return json(await getAuthor(idParam(context.params.id, messages.authorNotFound)));
  },
  /** PATCH /api/admin/authors/{id}: the fields sent change; a new name reaches the author's bylines. */
  PATCH: async (context) => {
    requireAdmin(context);
    const id = idParam(context.params.id, messages.authorNotFound);
    const input = parseBody(authorUpdateSchema, await readJsonBody(context.request, ADMIN_BODY_LIMIT));
    return json(await updateAuthor(id, input));
  },
  /** DELETE /api/admin/authors/{id}: 204; 409 while articles name the author. */
  DELETE: async (context) => {
    requireAdmin(context);
    await deleteAuthor(idParam(context.params.id, messages.authorNotFound));
    return new Response(null, { status: 204 });
  },
});
