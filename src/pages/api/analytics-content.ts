import type { APIRoute } from 'astro';
import { getDb } from '../../server/db';
import { handle, json } from '../../server/http';
import { listAnalyticsContent } from '../../server/queries/analytics-content';

/** GET /api/analytics-content: every item, newest first. */
export const GET: APIRoute = handle(async () => json(await listAnalyticsContent(await getDb())));
