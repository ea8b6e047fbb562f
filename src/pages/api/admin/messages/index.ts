import { adminMessageListSchema } from '@/lib/validation/admin-lists';
import { adminList } from '@/server/admin-routes';
import { endpoint } from '@/server/http';
import { listMessagesForAdmin } from '@/server/services/contact/messages';

/**
 * GET /api/admin/messages: a page of 50 contact messages with the first part of their text;
 * `q` (name, e-mail, subject), `status` (all, unhandled, handled), `sort`, `page`.
 * Answers `{items, total, page, pageSize}`.
 */
export const { GET, ALL } = endpoint({
  GET: adminList(adminMessageListSchema, listMessagesForAdmin),
});
