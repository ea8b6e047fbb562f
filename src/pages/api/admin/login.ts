import { loginSchema } from '@/lib/validation/login';
import { setSessionCookie } from '@/server/auth/cookie';
import { getClientAddress } from '@/server/client-address';
import { PUBLIC_BODY_LIMIT, endpoint, json, parseBody, readJsonBody } from '@/server/http';
import { signIn } from '@/server/services/auth/sign-in';

/** POST /api/admin/login: a new session in an HttpOnly cookie; 401 on wrong credentials, 429 when throttled. */
export const { POST, ALL } = endpoint({
  POST: async ({ request, clientAddress, cookies }) => {
    const input = parseBody(loginSchema, await readJsonBody(request, PUBLIC_BODY_LIMIT));
    const session = await signIn(input, getClientAddress(request, clientAddress), request.headers.get('user-agent') ?? '');
    setSessionCookie(cookies, session.token, session.expiresAt);
    return json({ authenticated: true });
  },
});
