import { vintageFileSuffix } from '@/lib/value-revisions';
import { gridQuerySchema } from '@/lib/validation/grid-query';
import { endpoint, jsonOrCsv } from '@/server/http';
import { apiReadQuery } from '@/server/services/markets/series';
import { getGridHistory, gridHistoryCsv } from '@/server/services/grid/grid';

/** GET /api/grid/{region}?start=&end=&format=json|csv&vintage=first&asOf=: a region's hours (UTC, hour-ending), as JSON or CSV. */
export const { GET, ALL } = endpoint({
  GET: async ({ request, url, params, clientAddress }) => {
    const query = await apiReadQuery(gridQuerySchema, { request, url, clientAddress });
    const history = await getGridHistory(params['region'] ?? '', query, new Date(), query);
    const filename = `grid-${history.region.code.toLowerCase()}_${history.start.slice(0, 13)}_${history.end.slice(0, 13)}${vintageFileSuffix(query)}.${query.format}`;
    return jsonOrCsv(request, query.format, filename, { json: () => history, csv: () => gridHistoryCsv(history) });
  },
});
