import { adminAnalyticsContentListSchema } from '@/lib/validation/admin-lists';
import { requireAdmin } from '@/server/auth/guard';
import { endpoint, json, parseQuery } from '@/server/http';
import { listAnalyticsContentForAdmin } from '@/server/services/analytics/content';

/** GET /api/admin/analytics-content?page=: the analysis items, 50 a page, newest first; `{items, total, page, pageSize}`. */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    requireAdmin(context);
    return json(await listAnalyticsContentForAdmin(parseQuery(adminAnalyticsContentListSchema, context.url)));
  },
});
