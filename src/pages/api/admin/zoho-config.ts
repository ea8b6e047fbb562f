import { zohoConfigSchema } from '@/lib/validation/zoho';
import { requireAdmin } from '@/server/auth/guard';
import { PUBLIC_BODY_LIMIT, endpoint, json, parseBody, readJsonBody } from '@/server/http';
import { getZohoAdminConfig, getZohoStatus, saveZohoConfig } from '@/server/services/zoho';

export const { GET, POST, ALL } = endpoint({
  /** GET /api/admin/zoho-config (admin): the stored configuration without its secrets. */
  GET: async (context) => {
    requireAdmin(context);
    return json(await getZohoAdminConfig());
  },
  /** POST /api/admin/zoho-config (admin): saves the configuration; a blank secret keeps the stored one. */
  POST: async (context) => {
    requireAdmin(context);
    const body = await readJsonBody(context.request, PUBLIC_BODY_LIMIT);
    // The client secret is required until one is stored.
    const input = parseBody(zohoConfigSchema((await getZohoStatus()).configured), body);
    return json(await saveZohoConfig(input));
  },
});
