import { requireStaff } from '@/server/auth/guard';
import { endpoint, json } from '@/server/http';
import { refreshMarketData } from '@/server/services/markets/import-runs';

/** POST /api/admin/market-data/refresh (admin): imports new observations from EIA. */
export const { POST, ALL } = endpoint({
  POST: async (context) => {
    requireStaff(context);
    return json(await refreshMarketData());
  },
});
