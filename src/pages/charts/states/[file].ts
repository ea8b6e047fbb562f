import { endpoint } from '@/server/http';
import { stateChartFile } from '@/server/services/charts/data-files';

/** GET /charts/states/{code}.{svg,png,csv,json}?chart=&sector=&theme=: a state's chart as a file, or exactly its figures. */
export const { GET, ALL } = endpoint({
  GET: ({ params, url, locals }) => stateChartFile(params['file'], url.searchParams, locals.site),
});
