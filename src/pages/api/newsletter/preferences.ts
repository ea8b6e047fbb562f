import { newsletterPreferencesSchema } from '@/lib/validation/newsletter';
import { PUBLIC_BODY_LIMIT, endpoint, json, parseBody, readJsonBody } from '@/server/http';
import { messages } from '@/server/errors';
import { savePreferences } from '@/server/services/newsletter/subscriptions';

/**
 * POST /api/newsletter/preferences {token, each edition's choice (`CHOSEN_EDITIONS`), topics, alerts,
 * dataAlerts}: saves a reader's choices; the token of their preferences link authorizes (no sign-in).
 * JSON only, same origin. 404 for an unknown link, 409 for an unsubscribed address.
 */
export const { POST, ALL } = endpoint({
  POST: async ({ request }) => {
    const saved = await savePreferences(parseBody(newsletterPreferencesSchema, await readJsonBody(request, PUBLIC_BODY_LIMIT)));
    return json({ message: messages.newsletterPreferencesSaved, preferences: saved });
  },
});
