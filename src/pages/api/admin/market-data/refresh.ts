import type { APIRoute } from 'astro';
import { requireAdmin } from '@/server/auth/guard';
import { handle, json } from '@/server/http';
import { refreshMarketData } from '@/server/services/market-import';

/** POST /api/admin/market-data/refresh (admin): imports new observations from EIA. */
export const POST: APIRoute = handle(async (context) => {
  requireAdmin(context);
  return json(await refreshMarketData());
});
