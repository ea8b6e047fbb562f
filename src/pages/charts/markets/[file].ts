import { getClientAddress } from '@/server/client-address';
import { endpoint } from '@/server/http';
import { marketChartFile } from '@/server/services/charts/market-files';
import { takeApiRead } from '@/server/services/markets/series';

/**
 * GET /charts/markets/{slug}.{svg,png,csv,json}?range=&compare=&measure=&outlook=&theme=: a series view's chart as a file, or exactly its figures.
 * A drawing costs a render (a PNG several), so a miss counts as one data API read (hits never reach here).
 */
export const { GET, ALL } = endpoint({
  GET: ({ params, url, locals, request, clientAddress }) => {
    takeApiRead(getClientAddress(request, clientAddress));
    return marketChartFile(params['file'], url.searchParams, locals.site);
  },
});
