import { acceptInvitationSchema } from '@/lib/validation/staff';
import { setSessionCookie } from '@/server/auth/cookie';
import { getClientAddress } from '@/server/client-address';
import { PUBLIC_BODY_LIMIT, endpoint, json, parseBody, readJsonBody } from '@/server/http';
import { acceptInvitation } from '@/server/services/staff/staff';

/** POST /api/admin/invitations/accept `{token, password}`: makes the invited account and signs it in; 400 for a spent, revoked or expired link. */
export const { POST, ALL } = endpoint({
  POST: async ({ request, clientAddress, cookies }) => {
    const input = parseBody(acceptInvitationSchema, await readJsonBody(request, PUBLIC_BODY_LIMIT));
    const session = await acceptInvitation(input, request.headers.get('user-agent') ?? '', getClientAddress(request, clientAddress));
    setSessionCookie(cookies, session.token, session.expiresAt);
    return json({ authenticated: true }, { status: 201 });
  },
});
