// The grid calls of the data API: the live grid and a region’s hours.
// Part of the API document, beside the services its routes call: src/server/openapi.ts assembles
// every domain's part (see docs/contributing.md, "Add an API call").
import { MAX_GRID_DAYS } from '@/server/services/grid/grid';
import { GRID_REGIONS, GRID_REGION_CODES, GRID_RETENTION_DAYS } from '@db/catalog/grid';
import * as z from '@/lib/validation/zod-mini';
import { gridQuerySchema } from '@/lib/validation/grid-query';
import { gridHistorySchema, gridRegionSchema } from '@/lib/wire/grid';
import { ok, pathParam, cacheHeaders, dataRead, historyQuery, type DomainPaths, orList } from '@/server/api-operations';

export const gridPaths: DomainPaths = {
  '/api/grid': {
    get: dataRead({
      operationId: 'listGridRegions',
      summary: `The live grid: the Lower 48 and its ${GRID_REGIONS.length - 1} regions now`,
      description:
        'Each region’s latest hour (demand, day-ahead forecast and its error, net generation, total interchange), its fuel mix then, the highest demand of that hour’s local day against the highest stored, and whether the hour is stale. From EIA’s Hourly Electric Grid Monitor (Form EIA-930), imported every hour.',
      answer: ok('The Lower 48 first, then the regions.', z.array(gridRegionSchema), { headers: cacheHeaders }),
    }),
  },
  '/api/grid/{region}': {
    get: dataRead({
      operationId: 'getGridHistory',
      summary: "A grid region's hours",
      description:
        'Hourly demand, day-ahead forecast, net generation, total interchange and net generation by fuel, in megawatthours, from `start` to `end` (UTC hours, hour-ending, inclusive), oldest first, as JSON or CSV. Without a range: the week up to the latest hour and the forecast after it. The latest figures say, for each one EIA revised, what it was (`revised`); `vintage=first` or `asOf` answer the figures as first published or as known at the end of a day (the seeded sample week has none). At most ' +
        `${MAX_GRID_DAYS} days per answer; hours are kept ${GRID_RETENTION_DAYS} days.`,
      path: { region: pathParam(`EIA’s respondent code, in any case: ${orList(GRID_REGION_CODES)}.`) },
      query: historyQuery(
        gridQuerySchema,
        'First hour, YYYY-MM-DDTHH in UTC (a day YYYY-MM-DD starts at its midnight, UTC).',
        'Last hour, written as start.',
      ),
      answer: ok('The hours.', gridHistorySchema, {
        headers: cacheHeaders,
        csv: 'A header row naming each column and its unit, then one row per hour (UTC, hour-ending).',
      }),
      errors: {
        '400': `Invalid hours, format, vintage or asOf, start after end, asOf with vintage=first, or more than ${MAX_GRID_DAYS} days.`,
        '404': 'No such region.',
      },
    }),
  },
};
