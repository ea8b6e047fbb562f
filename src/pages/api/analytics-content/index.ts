import type { APIRoute } from 'astro';
import { analyticsContentCreateSchema } from '@/lib/validation/analytics-content';
import { requireAdmin } from '@/server/auth/guard';
import { getDb } from '@/server/db';
import { ADMIN_BODY_LIMIT, handle, json, parseBody, readJsonBody } from '@/server/http';
import { listAnalyticsContent } from '@/server/queries/analytics-content';
import { createAnalyticsContent } from '@/server/services/analytics-content';

/** GET /api/analytics-content: every item, newest first. */
export const GET: APIRoute = handle(async () => json(await listAnalyticsContent(await getDb())));

/** POST /api/analytics-content (admin): 201 with the item. */
export const POST: APIRoute = handle(async (context) => {
  requireAdmin(context);
  const input = parseBody(analyticsContentCreateSchema, await readJsonBody(context.request, ADMIN_BODY_LIMIT));
  return json(await createAnalyticsContent(input), { status: 201 });
});
