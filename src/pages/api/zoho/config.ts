import { endpoint, json } from '@/server/http';
import { getZohoAdminConfig, getZohoStatus } from '@/server/services/analytics/zoho';

/**
 * GET /api/zoho/config: `{configured}` for everyone; the signed-in admin also gets the
 * non-secret fields and whether each secret is set.
 */
export const { GET, ALL } = endpoint({ GET: async (context) => json(context.locals.user ? await getZohoAdminConfig() : await getZohoStatus()) });
