import { passwordResetRequestSchema } from '@/lib/validation/staff';
import { getClientAddress } from '@/server/client-address';
import { PUBLIC_BODY_LIMIT, endpoint, json, parseBody, readJsonBody } from '@/server/http';
import { requestPasswordReset } from '@/server/services/staff/staff';

/** POST /api/admin/password-reset `{email}`: 202 whether or not a staff account has that address (a link is mailed if one does); 429 when asked too often. */
export const { POST, ALL } = endpoint({
  POST: async ({ request, clientAddress }) => {
    const input = parseBody(passwordResetRequestSchema, await readJsonBody(request, PUBLIC_BODY_LIMIT));
    await requestPasswordReset(input.email, getClientAddress(request, clientAddress));
    return json({ message: 'If a staff account has this address, a link to reset its password is on its way.' }, { status: 202 });
  },
});
