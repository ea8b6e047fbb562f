import { catalogQuerySchema } from '@/lib/data-catalog';
import { requireStaff } from '@/server/auth/guard';
import { endpoint, json, parseQuery } from '@/server/http';
import { searchCatalog } from '@/server/services/markets/catalog';

/** GET /api/admin/catalog?q= (staff): series, grid regions, states and report views an editor may cite. */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    requireStaff(context);
    return json(await searchCatalog(parseQuery(catalogQuerySchema, context.url)));
  },
});
