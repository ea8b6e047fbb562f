import { endpoint } from '@/server/http';
import { reportChartFile } from '@/server/services/charts/data-files';

/** GET /charts/reports/{kind}.{svg,png,csv,json}?{the report's settings}&theme=: a report view's chart as a file, or exactly its figures. */
export const { GET, ALL } = endpoint({
  GET: ({ params, url, locals }) => reportChartFile(params['file'], url.searchParams, locals.site),
});
