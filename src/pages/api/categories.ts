import type { APIRoute } from 'astro';
import { getDb } from '@/server/db';
import { handle, json } from '@/server/http';
import { listCategories } from '@/server/queries/categories';

/** GET /api/categories */
export const GET: APIRoute = handle(async () => json(await listCategories(await getDb())));
