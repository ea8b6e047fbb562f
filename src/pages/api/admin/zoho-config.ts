import type { APIRoute } from 'astro';
import { requireAdmin } from '@/server/auth/guard';
import { handle, json, PUBLIC_BODY_LIMIT, readJsonBody } from '@/server/http';
import { getZohoAdminConfig, saveZohoConfig } from '@/server/services/zoho';

/** GET /api/admin/zoho-config (admin): the stored configuration without its secrets. */
export const GET: APIRoute = handle(async (context) => {
  requireAdmin(context);
  return json(await getZohoAdminConfig());
});

/** POST /api/admin/zoho-config (admin): saves the configuration (spec section 7). */
export const POST: APIRoute = handle(async (context) => {
  requireAdmin(context);
  return json(await saveZohoConfig(await readJsonBody(context.request, PUBLIC_BODY_LIMIT)));
});
