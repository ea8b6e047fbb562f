import { adminSubscriberListSchema } from '@/lib/validation/admin-lists';
import { adminList } from '@/server/admin-routes';
import { endpoint } from '@/server/http';
import { listSubscribersForAdmin } from '@/server/services/newsletter/subscriptions';

/**
 * GET /api/admin/subscribers: a page of 50 newsletter subscribers with their choices;
 * `q` (the start of an address), `status` (all, pending, active, unsubscribed), `sort`, `page`.
 * Answers `{items, total, page, pageSize}`.
 */
export const { GET, ALL } = endpoint({
  GET: adminList(adminSubscriberListSchema, listSubscribersForAdmin),
});
