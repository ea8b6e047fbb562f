import { adminRead } from '@/server/admin-routes';
import { messages } from '@/server/errors';
import { endpoint } from '@/server/http';
import { getOutboxMessageForAdmin } from '@/server/services/mail/outbox-list';

/** GET /api/admin/outbox/{id}: one message in full (its plain text and HTML) with its delivery result. */
export const { GET, ALL } = endpoint({ GET: adminRead(messages.outboxMessageNotFound, getOutboxMessageForAdmin) });
