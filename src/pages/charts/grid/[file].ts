import { endpoint } from '@/server/http';
import { gridChartFile } from '@/server/services/charts/data-files';

/** GET /charts/grid/{region}.{svg,png,csv,json}?chart=&theme=: a region's chart of the week as a file, or exactly its figures. */
export const { GET, ALL } = endpoint({
  GET: ({ params, url, locals }) => gridChartFile(params['file'], url.searchParams, locals.site),
});
