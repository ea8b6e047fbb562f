import { requireAdmin } from '@/server/auth/guard';
import { endpoint, json } from '@/server/http';
import { listCategoryDetails } from '@/server/queries/categories';

/** GET /api/admin/categories: every category with its topic description. */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    requireAdmin(context);
    return json(await listCategoryDetails());
  },
});
