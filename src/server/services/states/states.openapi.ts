// The state calls of the data API: every state’s retail prices and one state’s months.
// Part of the API document, beside the services its routes call: src/server/openapi.ts assembles
// every domain's part (see docs/contributing.md, "Add an API call").
import { US_STATES } from '@/lib/energy';
import { RETAIL_SECTORS } from '@db/catalog/states';
import { stateHistoryQuerySchema } from '@/lib/validation/state-query';
import { stateHistorySchema, statesOverviewSchema } from '@/lib/wire/states';
import { ok, pathParam, cacheHeaders, dataRead, historyQuery, type DomainPaths } from '@/server/api-operations';

export const statePaths: DomainPaths = {
  '/api/states': {
    get: dataRead({
      operationId: 'getStatesOverview',
      summary: 'Retail electricity prices of every state in the latest month',
      description:
        'The average retail price of electricity (cents per kilowatthour) of the ' +
        `${Object.keys(US_STATES).length - 1} states and DC by sector (${RETAIL_SECTORS.map((s) => s.label.toLowerCase()).join(', ')}) in the latest month ` +
        'EIA published, the same month a year before, each state’s rank, and the US average.',
      answer: ok('The states, in the order of their names.', statesOverviewSchema, { headers: cacheHeaders }),
      errors: { '404': 'No prices are stored yet.' },
    }),
  },
  '/api/states/{code}': {
    get: dataRead({
      operationId: 'getStateHistory',
      summary: "A state's monthly prices and generation",
      description:
        'The state’s average retail price by sector against the US average (cents per kilowatthour), and its net generation by fuel (thousand megawatthours), month by month from `start` to `end` (inclusive), oldest first, as JSON or CSV. The latest figures say, for each one EIA revised, what it was (`revised`); `vintage=first` or `asOf` answer the figures as first published or as known at the end of a day (sample prices have none).',
      path: { code: pathParam('The two-letter postal code of a state or DC, in any case.') },
      query: historyQuery(stateHistoryQuerySchema, 'First month, YYYY-MM.', 'Last month, YYYY-MM.'),
      answer: ok('The months.', stateHistorySchema, {
        headers: cacheHeaders,
        csv: 'A header row naming each column and its unit, then one row per month.',
      }),
      errors: { '400': 'Invalid months, format, vintage or asOf, start after end, or asOf with vintage=first.', '404': 'No such state.' },
    }),
  },
};
