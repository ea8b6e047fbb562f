import { adminMessageListSchema } from '@/lib/validation/admin-lists';
import { requireAdmin } from '@/server/auth/guard';
import { endpoint, json, parseQuery } from '@/server/http';
import { listMessagesForAdmin } from '@/server/services/contact/messages';

/**
 * GET /api/admin/messages: a page of 50 contact messages with the first part of their text;
 * `q` (name, e-mail, subject), `status` (all, unhandled, handled), `sort`, `page`.
 * Answers `{items, total, page, pageSize}`.
 */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    requireAdmin(context);
    return json(await listMessagesForAdmin(parseQuery(adminMessageListSchema, context.url)));
  },
});
