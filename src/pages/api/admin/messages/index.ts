import { requireAdmin } from '@/server/auth/guard';
import { endpoint, json } from '@/server/http';
import { listContactMessages } from '@/server/queries/contact-messages';

/** GET /api/admin/messages: contact messages, newest first. */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    requireAdmin(context);
    return json(await listContactMessages());
  },
});
