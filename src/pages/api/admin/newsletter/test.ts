import { newsletterTestSchema } from '@/lib/validation/newsletter-test';
import { requireStaff } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, endpoint, json, parseBody, readJsonBody } from '@/server/http';
import { sendTestBriefing } from '@/server/services/newsletter/briefing';

/**
 * POST /api/admin/newsletter/test with {email}: queues the next briefing as it stands to that
 * address, marked "[Test]". At most one every 10 seconds and 10 an hour per admin (429).
 */
export const { POST, ALL } = endpoint({
  POST: async (context) => {
    const user = requireStaff(context);
    const { email } = parseBody(newsletterTestSchema, await readJsonBody(context.request, PUBLIC_BODY_LIMIT));
    await sendTestBriefing(email, user.username);
    return json({ message: messages.newsletterTestQueued(email) }, { status: 202 });
  },
});
