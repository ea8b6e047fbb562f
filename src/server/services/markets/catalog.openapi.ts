// The data catalog the article editor cites figures and charts from (#33).
// Part of the API document, beside the services its routes call: src/server/openapi.ts assembles
// every domain's part (see docs/contributing.md, "Add an API call").
import * as z from '@/lib/validation/zod-mini';
import { catalogFigureQuerySchema, catalogQuerySchema, CATALOG_RESULTS } from '@/lib/data-catalog';
import { catalogEntrySchema, catalogFigureSchema } from '@/lib/wire/markets';
import { TAG, ok, staff, type DomainPaths } from '@/server/api-operations';

export const catalogPaths: DomainPaths = {
  '/api/admin/catalog': {
    get: staff(TAG.adminArticles, {
      operationId: 'searchDataCatalog',
      summary: 'Search the data catalog a story cites from',
      description: `Market series (by name, EIA id or keyword), grid regions, states and report views, best first, at most ${CATALOG_RESULTS}; each market series with its latest figure. An empty query lists the market series.`,
      query: {
        schema: catalogQuerySchema,
        about: { q: 'Words to find (all of them), a series slug or an EIA id.', figures: '`1`: only what a figure may be cited of.' },
      },
      responses: { '200': ok('The entries found.', z.array(catalogEntrySchema)), '400': 'Invalid query parameters.' },
    }),
  },
  '/api/admin/catalog/figure': {
    get: staff(TAG.adminArticles, {
      operationId: 'getCatalogFigure',
      summary: 'A series’ figure of a day, as a story cites it',
      description: 'The figure of the latest period on or before `date` (the latest figure without one), and the text a story shows with it.',
      query: { schema: catalogFigureQuerySchema, about: { series: 'The series’ slug.', date: 'A day, `YYYY-MM-DD`.' } },
      responses: {
        '200': ok('The figure.', catalogFigureSchema),
        '400': 'Invalid query parameters.',
        '404': 'The series holds no figure on or before that day.',
      },
    }),
  },
};
