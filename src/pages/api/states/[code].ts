import { vintageFileSuffix } from '@/lib/value-revisions';
import { stateHistoryQuerySchema } from '@/lib/validation/state-query';
import { endpoint, jsonOrCsv } from '@/server/http';
import { apiReadQuery } from '@/server/services/markets/series';
import { getStateHistory, stateHistoryCsv } from '@/server/services/states/states';

/** GET /api/states/{code}?start=&end=&format=json|csv&vintage=first&asOf=: a state's monthly prices by sector against the US average, and its generation by fuel. */
export const { GET, ALL } = endpoint({
  GET: async ({ request, url, params, clientAddress }) => {
    const query = await apiReadQuery(stateHistoryQuerySchema, { request, url, clientAddress });
    const history = await getStateHistory(params['code'] ?? '', query, query);
    const filename = `state-${history.state.code.toLowerCase()}_${history.months[0]?.period ?? 'none'}_${history.months.at(-1)?.period ?? 'none'}${vintageFileSuffix(query)}.${query.format}`;
    return jsonOrCsv(request, query.format, filename, { json: () => history, csv: () => stateHistoryCsv(history) });
  },
});
