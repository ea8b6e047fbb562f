import { requireAdmin } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { endpoint, idParam } from '@/server/http';
import { removeSubscriber } from '@/server/services/newsletter/subscriptions';

/** DELETE /api/admin/subscribers/{id}: removes the subscriber and their price alerts for good. */
export const { DELETE, ALL } = endpoint({
  DELETE: async (context) => {
    requireAdmin(context);
    await removeSubscriber(idParam(context.params.id, messages.subscriberNotFound));
    return new Response(null, { status: 204 });
  },
});
