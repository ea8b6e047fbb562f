import { invitationSchema } from '@/lib/validation/staff';
import { requireStaff } from '@/server/auth/guard';
import { getClientAddress } from '@/server/client-address';
import { PUBLIC_BODY_LIMIT, endpoint, json, parseBody, readJsonBody } from '@/server/http';
import { inviteStaff } from '@/server/services/staff/staff';

/** POST /api/admin/staff/invitations (owners): mails a single-use link valid 7 days; 201 with the invitation, 409 when the address is on the staff. */
export const { POST, ALL } = endpoint({
  POST: async (context) => {
    const user = requireStaff(context);
    const input = parseBody(invitationSchema, await readJsonBody(context.request, PUBLIC_BODY_LIMIT));
    return json(await inviteStaff(input, user, getClientAddress(context.request, context.clientAddress)), { status: 201 });
  },
});
