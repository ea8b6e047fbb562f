import { messageUpdateSchema } from '@/lib/validation/message';
import { requireAdmin } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, endpoint, idParam, json, parseBody, readJsonBody } from '@/server/http';
import { deleteMessage, getMessageForAdmin, setMessageHandled } from '@/server/services/contact/messages';

export const { GET, PATCH, DELETE, ALL } = endpoint({
  /** GET /api/admin/messages/{id}: the message in full. */
  GET: async (context) => {
    requireAdmin(context);
    return json(await getMessageForAdmin(idParam(context.params.id, messages.messageNotFound)));
  },
  /** PATCH /api/admin/messages/{id} with {handled}: marks the message handled or not. */
  PATCH: async (context) => {
    requireAdmin(context);
    const id = idParam(context.params.id, messages.messageNotFound);
    const { handled } = parseBody(messageUpdateSchema, await readJsonBody(context.request, PUBLIC_BODY_LIMIT));
    await setMessageHandled(id, handled);
    return json({ handled });
  },
  /** DELETE /api/admin/messages/{id} */
  DELETE: async (context) => {
    requireAdmin(context);
    await deleteMessage(idParam(context.params.id, messages.messageNotFound));
    return new Response(null, { status: 204 });
  },
});
