import { articleCreateSchema } from '@/lib/validation/article';
import { articleListQuerySchema } from '@/lib/validation/article-list-query';
import { requireAdmin } from '@/server/auth/guard';
import { ADMIN_BODY_LIMIT, endpoint, json, parseBody, parseQuery, readJsonBody } from '@/server/http';
import { listArticles } from '@/server/queries/articles';
import { createArticle } from '@/server/services/articles';

export const { GET, POST, ALL } = endpoint({
  /** GET /api/articles: JSON array, newest first (or by relevance with q); the total in X-Total-Count. */
  GET: async ({ url }) => {
    const query = parseQuery(articleListQuerySchema, url);
    const { items, total } = await listArticles({
      category: query.category,
      q: query.q,
      featured: query.featured === 'true',
      limit: query.limit,
      offset: query.offset,
    });
    return json(items, { headers: { 'X-Total-Count': String(total) } });
  },
  /** POST /api/articles (admin): 201 with the article; 409 when the slug is taken. */
  POST: async (context) => {
    requireAdmin(context);
    const input = parseBody(articleCreateSchema, await readJsonBody(context.request, ADMIN_BODY_LIMIT));
    return json(await createArticle(input), { status: 201 });
  },
});
