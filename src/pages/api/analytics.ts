import type { APIRoute } from 'astro';
import { getDb } from '@/server/db';
import { handle, json } from '@/server/http';
import { countArticlesByCategory } from '@/server/queries/articles';

/** GET /api/analytics: published article counts per category (CONTRACT 2.10). */
export const GET: APIRoute = handle(async () => json({ categoryStats: await countArticlesByCategory(await getDb()) }));
