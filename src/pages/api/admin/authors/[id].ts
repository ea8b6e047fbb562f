import { authorUpdateSchema } from '@/lib/validation/author';
import { adminRead, adminRemove, adminUpdate } from '@/server/admin-routes';
import { messages } from '@/server/errors';
import { ADMIN_BODY_LIMIT, endpoint } from '@/server/http';
import { deleteAuthor, getAuthor, updateAuthor } from '@/server/services/articles/authors';

export const { GET, PATCH, DELETE, ALL } = endpoint({
  /** GET /api/admin/authors/{id}. */
  GET: adminRead(messages.authorNotFound, getAuthor),
  /** PATCH /api/admin/authors/{id}: the fields sent change; a new name reaches the author's bylines. */
  PATCH: adminUpdate(messages.authorNotFound, authorUpdateSchema, ADMIN_BODY_LIMIT, updateAuthor),
  /** DELETE /api/admin/authors/{id}: 204; 409 while articles name the author. */
  DELETE: adminRemove(messages.authorNotFound, deleteAuthor),
});
