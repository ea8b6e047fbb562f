import { seriesQuerySchema } from '@/lib/validation/series-query';
import { messages } from '@/server/errors';
import { endpoint, jsonOrCsv, slugParam } from '@/server/http';
import { getSeriesObservations, observationsCsv, observationsFilename, apiReadQuery } from '@/server/services/markets/series';

/** GET /api/series/{slug}?start=&end=&format=json|csv&vintage=first&asOf=: a series' observations in a date range, as JSON or CSV. */
export const { GET, ALL } = endpoint({
  GET: async ({ request, url, params, clientAddress }) => {
    const slug = slugParam(params['slug'], messages.seriesNotFound);
    const query = await apiReadQuery(seriesQuerySchema, { request, url, clientAddress });
    const result = await getSeriesObservations(slug, query, query);
    const filename = observationsFilename(slug, result.observations, query.format, query);
    return jsonOrCsv(request, query.format, filename, { json: () => result, csv: () => observationsCsv(result.series, result.observations) });
  },
});
