import { analyticsContentCreateSchema } from '@/lib/validation/analytics-content';
import { pageQuerySchema } from '@/lib/validation/page-query';
import { requireStaff } from '@/server/auth/guard';
import { ADMIN_BODY_LIMIT, endpoint, json, parseBody, parseQuery, readJsonBody } from '@/server/http';
import { createAnalyticsContent, listAnalyticsPage } from '@/server/services/analytics/content';

export const { GET, POST, ALL } = endpoint({
  /** GET /api/analytics-content: a page of the items (`limit`, `offset`), newest first; the total in X-Total-Count. */
  GET: async ({ url }) => {
    const { items, total } = await listAnalyticsPage(parseQuery(pageQuerySchema, url));
    return json(items, { headers: { 'X-Total-Count': String(total) } });
  },
  /** POST /api/analytics-content (admin): 201 with the item. */
  POST: async (context) => {
    requireStaff(context);
    const input = parseBody(analyticsContentCreateSchema, await readJsonBody(context.request, ADMIN_BODY_LIMIT));
    return json(await createAnalyticsContent(input), { status: 201 });
  },
});
