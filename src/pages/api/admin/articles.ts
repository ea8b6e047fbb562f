import { requireAdmin } from '@/server/auth/guard';
import { endpoint, json } from '@/server/http';
import { listAdminArticles } from '@/server/queries/articles';

/** GET /api/admin/articles: every article, drafts and scheduled ones included. */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    requireAdmin(context);
    return json(await listAdminArticles());
  },
});
