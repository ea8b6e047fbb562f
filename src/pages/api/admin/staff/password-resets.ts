import { staffPasswordResetSchema } from '@/lib/validation/staff';
import { requireStaff } from '@/server/auth/guard';
import { getClientAddress } from '@/server/client-address';
import { PUBLIC_BODY_LIMIT, endpoint, json, parseBody, readJsonBody } from '@/server/http';
import { sendPasswordResetTo } from '@/server/services/staff/staff';

/** POST /api/admin/staff/password-resets `{userId}` (owners): mails the person a password-reset link, recorded in the audit trail as the owner's action. */
export const { POST, ALL } = endpoint({
  POST: async (context) => {
    const user = requireStaff(context);
    const input = parseBody(staffPasswordResetSchema, await readJsonBody(context.request, PUBLIC_BODY_LIMIT));
    await sendPasswordResetTo(input.userId, user, getClientAddress(context.request, context.clientAddress));
    return json({ message: 'A link to choose a new password is on its way to their address.' }, { status: 202 });
  },
});
