import { adminAnalyticsContentListSchema } from '@/lib/validation/admin-lists';
import { adminList } from '@/server/admin-routes';
import { endpoint } from '@/server/http';
import { listAnalyticsContentForAdmin } from '@/server/services/analytics/content';

/** GET /api/admin/analytics-content?page=: the analysis items, 50 a page, newest first; `{items, total, page, pageSize}`. */
export const { GET, ALL } = endpoint({
  GET: adminList(adminAnalyticsContentListSchema, listAnalyticsContentForAdmin),
});
