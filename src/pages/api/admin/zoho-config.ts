import { requireAdmin } from '@/server/auth/guard';
import { PUBLIC_BODY_LIMIT, endpoint, json, readJsonBody } from '@/server/http';
import { getZohoAdminConfig, saveZohoConfig } from '@/server/services/analytics/zoho';

export const { GET, POST, ALL } = endpoint({
  /** GET /api/admin/zoho-config (admin): the stored configuration without its secrets. */
  GET: async (context) => {
    requireAdmin(context);
    return json(await getZohoAdminConfig());
  },
  /** POST /api/admin/zoho-config (admin): saves the configuration; a blank secret keeps the stored one. */
  POST: async (context) => {
    requireAdmin(context);
    return json(await saveZohoConfig(await readJsonBody(context.request, PUBLIC_BODY_LIMIT)));
  },
});
