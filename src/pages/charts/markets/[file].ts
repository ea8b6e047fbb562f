import { endpoint } from '@/server/http';
import { marketChartFile } from '@/server/services/charts/market-files';

/** GET /charts/markets/{slug}.{svg,png,csv,json}?range=&compare=&measure=&outlook=&theme=: a series view's chart as a file, or exactly its figures. */
export const { GET, ALL } = endpoint({
  GET: ({ params, url, locals }) => marketChartFile(params['file'], url.searchParams, locals.site),
});
