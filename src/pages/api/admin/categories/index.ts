import { requireStaff } from '@/server/auth/guard';
import { endpoint, json } from '@/server/http';
import { listCategoryDetails } from '@/server/queries/categories';

/** GET /api/admin/categories: every category with its topic description. */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    requireStaff(context);
    return json(await listCategoryDetails());
  },
});
