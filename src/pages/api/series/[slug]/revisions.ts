import { seriesRevisionsQuerySchema } from '@/lib/validation/series-query';
import { messages } from '@/server/errors';
import { endpoint, revalidatable, slugParam } from '@/server/http';
import { getSeriesRevisions, apiReadQuery } from '@/server/services/markets/series';

/** GET /api/series/{slug}/revisions?limit=&cursor=: a page of the revisions EIA made to a series' figures; the next page in `Link: <…>; rel="next"`. */
export const { GET, ALL } = endpoint({
  GET: async ({ request, url, params, clientAddress }) => {
    const slug = slugParam(params['slug'], messages.seriesNotFound);
    const query = await apiReadQuery(seriesRevisionsQuerySchema, { request, url, clientAddress });
    const { revisions, next } = await getSeriesRevisions(slug, query);
    const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' };
    if (next) {
      const nextUrl = `${url.pathname}?${new URLSearchParams({ limit: String(query.limit), cursor: next }).toString()}`;
      headers['Link'] = `<${nextUrl}>; rel="next"`;
    }
    return revalidatable(request, JSON.stringify(revisions), headers);
  },
});
