import { requireStaff } from '@/server/auth/guard';
import { endpoint, json } from '@/server/http';
import { getMarketDataStatus } from '@/server/services/markets/import-runs';

/** GET /api/admin/market-data (admin): each series' source and latest period, and the last imports. */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    requireStaff(context);
    return json(await getMarketDataStatus());
  },
});
