import { newsletterSubscribeSchema } from '@/lib/validation/newsletter';
import { getClientAddress } from '@/server/client-address';
import { messages } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, endpoint, json, parseBody, readJsonBody } from '@/server/http';
import { subscribeToNewsletter } from '@/server/services/newsletter/subscriptions';

/** POST /api/newsletter/subscribe: sends a confirmation link (double opt-in); 202, the same answer for a known address. */
export const { POST, ALL } = endpoint({
  POST: async ({ request, clientAddress }) => {
    const input = parseBody(newsletterSubscribeSchema, await readJsonBody(request, PUBLIC_BODY_LIMIT));
    await subscribeToNewsletter(input, getClientAddress(request, clientAddress));
    return json({ message: messages.newsletterCheckInbox }, { status: 202 });
  },
});
