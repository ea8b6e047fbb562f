import { adminOutboxListSchema } from '@/lib/validation/admin-lists';
import { adminList } from '@/server/admin-routes';
import { endpoint } from '@/server/http';
import { listOutboxForAdmin } from '@/server/services/mail/outbox-list';

/**
 * GET /api/admin/outbox: a page of 50 messages the site sent or will send, newest first, each
 * with its delivery result; `q` (the exact recipient address), `kind`, `status`, `page`.
 * Answers `{items, total, totalAtLeast?, page, pageSize}` (totals counted up to 1,000).
 */
export const { GET, ALL } = endpoint({
  GET: adminList(adminOutboxListSchema, listOutboxForAdmin),
});
