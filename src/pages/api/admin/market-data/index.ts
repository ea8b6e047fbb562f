import type { APIRoute } from 'astro';
import { requireAdmin } from '@/server/auth/guard';
import { handle, json } from '@/server/http';
import { getMarketDataStatus } from '@/server/services/market-import';

/** GET /api/admin/market-data (admin): each series' source and latest period, and the last imports. */
export const GET: APIRoute = handle(async (context) => {
  requireAdmin(context);
  return json(await getMarketDataStatus());
});
