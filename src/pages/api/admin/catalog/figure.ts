import { catalogFigureQuerySchema } from '@/lib/data-catalog';
import { requireStaff } from '@/server/auth/guard';
import { endpoint, json, parseQuery } from '@/server/http';
import { catalogFigure } from '@/server/services/markets/catalog';

/** GET /api/admin/catalog/figure?series=&date= (staff): a series' figure of a day (its latest without one), as a story cites it. */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    requireStaff(context);
    const query = parseQuery(catalogFigureQuerySchema, context.url);
    return json(await catalogFigure(query.series, query.date));
  },
});
