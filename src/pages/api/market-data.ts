import { endpoint, json } from '@/server/http';
import { listMarketData } from '@/server/queries/market';

/** GET /api/market-data: market data items derived from the stored series. */
export const { GET, ALL } = endpoint({ GET: async () => json(await listMarketData()) });
