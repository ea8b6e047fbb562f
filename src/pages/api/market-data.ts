import type { APIRoute } from 'astro';
import { getDb } from '@/server/db';
import { handle, json } from '@/server/http';
import { listMarketData } from '@/server/queries/market';

/** GET /api/market-data: market data items derived from the stored series. */
export const GET: APIRoute = handle(async () => json(await listMarketData(await getDb())));
