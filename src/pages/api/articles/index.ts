import { snippetHtml } from '@/lib/snippet';
import { articleCreateSchema } from '@/lib/validation/article';
import { articleListQuerySchema } from '@/lib/validation/article-list-query';
import { requireStaff } from '@/server/auth/guard';
import { ADMIN_BODY_LIMIT, endpoint, json, parseBody, parseQuery, readJsonBody } from '@/server/http';
import { listPublicArticles } from '@/server/services/articles/lists';
import { createArticle } from '@/server/services/articles/articles';

export const { GET, POST, ALL } = endpoint({
  /**
   * GET /api/articles: JSON array of Articles, newest first (by relevance with `q`); the total
   * in X-Total-Count. `fields=summary` leaves out `content`; `snippet=true` adds `snippet`.
   */
  GET: async ({ url }) => {
    const query = parseQuery(articleListQuerySchema, url);
    const { items, total } = await listPublicArticles({
      category: query.category,
      q: query.q,
      featured: query.featured === 'true',
      limit: query.limit,
      offset: query.offset,
      withContent: query.fields === 'full',
      snippets: query.snippet === 'true',
    });
    const body = items.map((item) => (item.snippet === undefined ? item : { ...item, snippet: snippetHtml(item.snippet) }));
    return json(body, { headers: { 'X-Total-Count': String(total) } });
  },
  /** POST /api/articles (admin): 201 with the article; 409 when the slug is taken. */
  POST: async (context) => {
    const user = requireStaff(context);
    const input = parseBody(articleCreateSchema, await readJsonBody(context.request, ADMIN_BODY_LIMIT));
    return json(await createArticle(input, user), { status: 201 });
  },
});
