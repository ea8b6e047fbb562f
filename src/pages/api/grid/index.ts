import { getClientAddress } from '@/server/client-address';
import { endpoint, revalidatable } from '@/server/http';
import { takeApiRead } from '@/server/services/markets/series';
import { listGridRegions } from '@/server/services/grid/grid';

/** GET /api/grid: the Lower 48 and EIA's regions now: latest hour, fuel mix, today's peak against the record. */
export const { GET, ALL } = endpoint({
  GET: async ({ request, clientAddress }) => {
    await takeApiRead(getClientAddress(request, clientAddress));
    return revalidatable(request, JSON.stringify(await listGridRegions()), { 'Content-Type': 'application/json; charset=utf-8' });
  },
});
