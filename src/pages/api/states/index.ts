import { getClientAddress } from '@/server/client-address';
import { messages, NotFoundError } from '@/server/errors';
import { endpoint, revalidatable } from '@/server/http';
import { takeApiRead } from '@/server/services/markets/series';
import { getStatesOverview } from '@/server/services/states/states';

/** GET /api/states: every state's and DC's average retail electricity price by sector in the latest month, with the US average and ranks. */
export const { GET, ALL } = endpoint({
  GET: async ({ request, clientAddress }) => {
    await takeApiRead(getClientAddress(request, clientAddress));
    const overview = await getStatesOverview();
    if (!overview) throw new NotFoundError(messages.noRetailPrices);
    return revalidatable(request, JSON.stringify(overview), { 'Content-Type': 'application/json; charset=utf-8' });
  },
});
