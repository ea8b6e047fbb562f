import { passwordResetConfirmSchema } from '@/lib/validation/staff';
import { getClientAddress } from '@/server/client-address';
import { PUBLIC_BODY_LIMIT, endpoint, parseBody, readJsonBody } from '@/server/http';
import { confirmPasswordReset } from '@/server/services/staff/staff';

/** POST /api/admin/password-reset/confirm `{token, password}`: sets the new password and ends every session of the account; 400 for a spent or expired link. */
export const { POST, ALL } = endpoint({
  POST: async ({ request, clientAddress }) => {
    const input = parseBody(passwordResetConfirmSchema, await readJsonBody(request, PUBLIC_BODY_LIMIT));
    await confirmPasswordReset(input, getClientAddress(request, clientAddress));
    return new Response(null, { status: 204 });
  },
});
