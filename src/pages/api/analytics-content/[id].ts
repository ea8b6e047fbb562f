import { analyticsContentUpdateSchema } from '@/lib/validation/analytics-content';
import { requireStaff } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { ADMIN_BODY_LIMIT, endpoint, idParam, json, parseBody, readJsonBody } from '@/server/http';
import { deleteAnalyticsContent, updateAnalyticsContent } from '@/server/services/analytics/content';

export const { PATCH, DELETE, ALL } = endpoint({
  /** PATCH /api/analytics-content/{id} (admin). */
  PATCH: async (context) => {
    requireStaff(context);
    const input = parseBody(analyticsContentUpdateSchema, await readJsonBody(context.request, ADMIN_BODY_LIMIT));
    return json(await updateAnalyticsContent(idParam(context.params.id, messages.analyticsContentNotFound), input));
  },
  /** DELETE /api/analytics-content/{id} (admin). */
  DELETE: async (context) => {
    requireStaff(context);
    await deleteAnalyticsContent(idParam(context.params.id, messages.analyticsContentNotFound));
    return new Response(null, { status: 204 });
  },
});
