import { requireStaff } from '@/server/auth/guard';
import { getClientAddress } from '@/server/client-address';
import { actorOf, audit } from '@/server/services/staff/audit';
import { PUBLIC_BODY_LIMIT, endpoint, json, readJsonBody } from '@/server/http';
import { getZohoAdminConfig, saveZohoConfig } from '@/server/services/analytics/zoho';

export const { GET, POST, ALL } = endpoint({
  /** GET /api/admin/zoho-config (admin): the stored configuration without its secrets. */
  GET: async (context) => {
    requireStaff(context);
    return json(await getZohoAdminConfig());
  },
  /** POST /api/admin/zoho-config (admin): saves the configuration; a blank secret keeps the stored one. */
  POST: async (context) => {
    const user = requireStaff(context);
    const saved = await saveZohoConfig(await readJsonBody(context.request, PUBLIC_BODY_LIMIT));
    await audit(
      actorOf(user),
      'settings_changed',
      { type: 'setting', id: 'zoho', summary: 'Zoho configuration' },
      getClientAddress(context.request, context.clientAddress),
    );
    return json(saved);
  },
});
