import { requireStaff } from '@/server/auth/guard';
import { endpoint, json } from '@/server/http';
import { getAdminCounts } from '@/server/services/site/admin-counts';

/** GET /api/admin/counts: what the admin's tab labels count (pending comments, unhandled messages, drafts, scheduled). */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    return json(await getAdminCounts(requireStaff(context)));
  },
});
