import { seriesRevisionsQuerySchema } from '@/lib/validation/series-query';
import { getClientAddress } from '@/server/client-address';
import { messages } from '@/server/errors';
import { endpoint, parseQuery, revalidatable, slugParam } from '@/server/http';
import { getSeriesRevisions, takeApiRead } from '@/server/services/markets/series';

/** GET /api/series/{slug}/revisions: a page of every revision EIA made to a series' figures; the total in X-Total-Count. */
export const { GET, ALL } = endpoint({
  GET: async ({ request, url, params, clientAddress }) => {
    const slug = slugParam(params['slug'], messages.seriesNotFound);
    const query = parseQuery(seriesRevisionsQuerySchema, url);
    takeApiRead(getClientAddress(request, clientAddress));
    const { total, revisions } = await getSeriesRevisions(slug, query);
    return revalidatable(request, JSON.stringify(revisions), { 'Content-Type': 'application/json; charset=utf-8', 'X-Total-Count': String(total) });
  },
});
