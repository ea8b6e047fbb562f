import { authorCreateSchema } from '@/lib/validation/author';
import { adminAuthorListSchema } from '@/lib/validation/admin-lists';
import { adminCreate, adminList } from '@/server/admin-routes';
import { ADMIN_BODY_LIMIT, endpoint } from '@/server/http';
import { createAuthor, listAuthorsPage } from '@/server/services/articles/authors';

export const { GET, POST, ALL } = endpoint({
  /** GET /api/admin/authors: 50 authors a page by name; `q` (part of the name), `page`; `{items, total, page, pageSize}`. */
  GET: adminList(adminAuthorListSchema, listAuthorsPage),
  /** POST /api/admin/authors: 201 with the author; 409 when the slug or name is taken. */
  POST: adminCreate(authorCreateSchema, ADMIN_BODY_LIMIT, createAuthor),
});
