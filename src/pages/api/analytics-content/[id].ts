import type { APIRoute } from 'astro';
import { analyticsContentUpdateSchema } from '@/lib/validation/analytics-content';
import { requireAdmin } from '@/server/auth/guard';
import { ADMIN_BODY_LIMIT, handle, idParam, json, parseBody, readJsonBody } from '@/server/http';
import { deleteAnalyticsContent, updateAnalyticsContent } from '@/server/services/analytics-content';

const NOT_FOUND = 'Analytics content not found';

/** PATCH /api/analytics-content/{id} (admin). */
export const PATCH: APIRoute = handle(async (context) => {
  requireAdmin(context);
  const input = parseBody(analyticsContentUpdateSchema, await readJsonBody(context.request, ADMIN_BODY_LIMIT));
  return json(await updateAnalyticsContent(idParam(context.params.id, NOT_FOUND), input));
});

/** DELETE /api/analytics-content/{id} (admin). */
export const DELETE: APIRoute = handle(async (context) => {
  requireAdmin(context);
  await deleteAnalyticsContent(idParam(context.params.id, NOT_FOUND));
  return new Response(null, { status: 204 });
});
