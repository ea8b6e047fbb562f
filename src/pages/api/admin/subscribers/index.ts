import { adminSubscriberListSchema } from '@/lib/validation/admin-lists';
import { requireAdmin } from '@/server/auth/guard';
import { endpoint, json, parseQuery } from '@/server/http';
import { listSubscribersForAdmin } from '@/server/services/newsletter/subscriptions';

/**
 * GET /api/admin/subscribers: a page of 50 newsletter subscribers with their choices;
 * `q` (the start of an address), `status` (all, pending, active, unsubscribed), `sort`, `page`.
 * Answers `{items, total, page, pageSize}`.
 */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    requireAdmin(context);
    return json(await listSubscribersForAdmin(parseQuery(adminSubscriberListSchema, context.url)));
  },
});
