import { seriesQuerySchema } from '@/lib/validation/series-query';
import { getClientAddress } from '@/server/client-address';
import { messages } from '@/server/errors';
import { endpoint, parseQuery, revalidatable, slugParam } from '@/server/http';
import { getSeriesObservations, observationsCsv, observationsFilename, takeApiRead } from '@/server/services/markets/series';

/** GET /api/series/{slug}?start=&end=&format=json|csv: a series' observations in a date range, as JSON or CSV. */
export const { GET, ALL } = endpoint({
  GET: async ({ request, url, params, clientAddress }) => {
    const slug = slugParam(params['slug'], messages.seriesNotFound);
    const query = parseQuery(seriesQuerySchema, url);
    takeApiRead(getClientAddress(request, clientAddress));
    const result = await getSeriesObservations(slug, query);
    const filename = observationsFilename(slug, result.observations, query.format);
    if (query.format === 'csv') {
      return revalidatable(request, observationsCsv(result.series, result.observations), {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
      });
    }
    return revalidatable(request, JSON.stringify(result), {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `inline; filename="${filename}"`,
    });
  },
});
