import { can } from '@/lib/staff/permissions';
import { endpoint, json } from '@/server/http';
import { getZohoAdminConfig, getZohoStatus } from '@/server/services/analytics/zoho';

/**
 * GET /api/zoho/config: `{configured}` for everyone; staff who manage Zoho (owners) also get
 * the non-secret fields and whether each secret is set.
 */
export const { GET, ALL } = endpoint({
  GET: async ({ locals }) => json(locals.user && can(locals.user.role, 'manageZoho') ? await getZohoAdminConfig() : await getZohoStatus()),
});
