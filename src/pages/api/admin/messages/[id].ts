import { messageUpdateSchema } from '@/lib/validation/message';
import { adminRead, adminRemove, adminUpdate } from '@/server/admin-routes';
import { messages } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, endpoint } from '@/server/http';
import { deleteMessage, getMessageForAdmin, setMessageHandled } from '@/server/services/contact/messages';

export const { GET, PATCH, DELETE, ALL } = endpoint({
  /** GET /api/admin/messages/{id}: the message in full. */
  GET: adminRead(messages.messageNotFound, getMessageForAdmin),
  /** PATCH /api/admin/messages/{id} with {handled}: marks the message handled or not. */
  PATCH: adminUpdate(messages.messageNotFound, messageUpdateSchema, PUBLIC_BODY_LIMIT, async (id, { handled }) => {
    await setMessageHandled(id, handled);
    return { handled };
  }),
  /** DELETE /api/admin/messages/{id} */
  DELETE: adminRemove(messages.messageNotFound, deleteMessage),
});
