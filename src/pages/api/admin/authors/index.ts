import { authorCreateSchema } from '@/lib/validation/author';
import { adminAuthorListSchema } from '@/lib/validation/admin-lists';
import { requireAdmin } from '@/server/auth/guard';
import { ADMIN_BODY_LIMIT, endpoint, json, parseBody, parseQuery, readJsonBody } from '@/server/http';
import { createAuthor, listAuthorsPage } from '@/server/services/articles/authors';

export const { GET, POST, ALL } = endpoint({
  /** GET /api/admin/authors: 50 authors a page by name; `q` (part of the name), `page`; `{items, total, page, pageSize}`. */
  GET: async (context) => {
    requireAdmin(context);
    return json(await listAuthorsPage(parseQuery(adminAuthorListSchema, context.url)));
  },
  /** POST /api/admin/authors: 201 with the author; 409 when the slug or name is taken. */
  POST: async (context) => {
    requireAdmin(context);
    const input = parseBody(authorCreateSchema, await readJsonBody(context.request, ADMIN_BODY_LIMIT));
    return json(await createAuthor(input), { status: 201 });
  },
});
