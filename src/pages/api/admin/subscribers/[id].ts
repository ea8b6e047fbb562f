import { adminRemove } from '@/server/admin-routes';
import { messages } from '@/server/errors';
import { endpoint } from '@/server/http';
import { removeSubscriber } from '@/server/services/newsletter/subscriptions';

/** DELETE /api/admin/subscribers/{id}: removes the subscriber and their price alerts for good. */
export const { DELETE, ALL } = endpoint({ DELETE: adminRemove(messages.subscriberNotFound, removeSubscriber) });
