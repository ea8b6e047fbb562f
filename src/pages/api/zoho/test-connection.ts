import { requireStaff } from '@/server/auth/guard';
import { endpoint, json } from '@/server/http';
import { testZohoConnection } from '@/server/services/analytics/zoho';

/**
 * POST /api/zoho/test-connection (admin): tests the saved configuration against Zoho.
 * A failed test is a result, not an error: 200 with `success: false` and Zoho's reason.
 */
export const { POST, ALL } = endpoint({
  POST: async (context) => {
    requireStaff(context);
    return json(await testZohoConnection());
  },
});
