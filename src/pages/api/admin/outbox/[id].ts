import { requireAdmin } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { endpoint, idParam, json } from '@/server/http';
import { getOutboxMessageForAdmin } from '@/server/services/mail/outbox-list';

/** GET /api/admin/outbox/{id}: one message in full (its plain text and HTML) with its delivery result. */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    requireAdmin(context);
    return json(await getOutboxMessageForAdmin(idParam(context.params.id, messages.outboxMessageNotFound)));
  },
});
