import { seriesAnnotationsQuerySchema } from '@/lib/validation/series-annotation';
import { messages } from '@/server/errors';
import { endpoint, revalidatable, slugParam } from '@/server/http';
import { getSeriesAnnotations } from '@/server/services/markets/annotations';
import { apiReadQuery } from '@/server/services/markets/series';

/** GET /api/series/{slug}/annotations: a page of the newsroom's annotations of a series, oldest day first; the total in X-Total-Count. */
export const { GET, ALL } = endpoint({
  GET: async ({ request, url, params, clientAddress }) => {
    const slug = slugParam(params['slug'], messages.seriesNotFound);
    const query = await apiReadQuery(seriesAnnotationsQuerySchema, { request, url, clientAddress });
    const { total, annotations } = await getSeriesAnnotations(slug, query);
    return revalidatable(request, JSON.stringify(annotations), { 'Content-Type': 'application/json; charset=utf-8', 'X-Total-Count': String(total) });
  },
});
