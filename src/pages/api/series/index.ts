import { seriesListQuerySchema } from '@/lib/validation/series-query';
import { endpoint, revalidatable } from '@/server/http';
import { listSeriesSummaries, apiReadQuery } from '@/server/services/markets/series';

/** GET /api/series: every market series with its latest value, change, cadence, source and stale flag; the total in X-Total-Count. */
export const { GET, ALL } = endpoint({
  GET: async ({ request, url, clientAddress }) => {
    const query = await apiReadQuery(seriesListQuerySchema, { request, url, clientAddress });
    const all = await listSeriesSummaries();
    const body = JSON.stringify(all.slice(query.offset, query.offset + query.limit));
    return revalidatable(request, body, { 'Content-Type': 'application/json; charset=utf-8', 'X-Total-Count': String(all.length) });
  },
});
