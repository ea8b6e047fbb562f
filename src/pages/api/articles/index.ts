import type { APIRoute } from 'astro';
import { articleListQuerySchema } from '../../../lib/validation/article-list-query';
import { getDb } from '../../../server/db';
import { handle, json, parseQuery } from '../../../server/http';
import { listArticles } from '../../../server/queries/articles';

/** GET /api/articles: JSON array, newest first (or by relevance with q); total in X-Total-Count. */
export const GET: APIRoute = handle(async ({ url }) => {
  const query = parseQuery(articleListQuerySchema, url);
  const { items, total } = await listArticles(await getDb(), {
    category: query.category,
    q: query.q,
    featured: query.featured === 'true',
    limit: query.limit,
    offset: query.offset,
  });
  return json(items, { headers: { 'X-Total-Count': String(total) } });
});
