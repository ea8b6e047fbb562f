import { contactCreateSchema } from '@/lib/validation/contact';
import { getClientAddress } from '@/server/client-address';
import { PUBLIC_BODY_LIMIT, endpoint, json, parseBody, readJsonBody } from '@/server/http';
import { submitContactMessage } from '@/server/services/contact/messages';

/** POST /api/contact: stores the message for the editors; 201. */
export const { POST, ALL } = endpoint({
  POST: async ({ request, clientAddress }) => {
    const input = parseBody(contactCreateSchema, await readJsonBody(request, PUBLIC_BODY_LIMIT));
    return json(await submitContactMessage(input, getClientAddress(request, clientAddress)), { status: 201 });
  },
});
