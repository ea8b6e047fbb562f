import { deleteSessionCookie } from '@/server/auth/cookie';
import { endpoint, json } from '@/server/http';
import { signOut } from '@/server/services/auth/sign-in';

/** POST /api/admin/logout: ends the session on the server and clears the cookie. */
export const { POST, ALL } = endpoint({
  POST: async ({ locals, cookies }) => {
    await signOut(locals.user);
    deleteSessionCookie(cookies);
    return json({ authenticated: false });
  },
});
