import { analyticsContentCreateSchema } from '@/lib/validation/analytics-content';
import { requireAdmin } from '@/server/auth/guard';
import { ADMIN_BODY_LIMIT, endpoint, json, parseBody, readJsonBody } from '@/server/http';
import { listAnalyticsContent } from '@/server/queries/analytics-content';
import { createAnalyticsContent } from '@/server/services/analytics-content';

export const { GET, POST, ALL } = endpoint({
  /** GET /api/analytics-content: every item, newest first. */
  GET: async () => json(await listAnalyticsContent()),
  /** POST /api/analytics-content (admin): 201 with the item. */
  POST: async (context) => {
    requireAdmin(context);
    const input = parseBody(analyticsContentCreateSchema, await readJsonBody(context.request, ADMIN_BODY_LIMIT));
    return json(await createAnalyticsContent(input), { status: 201 });
  },
});
