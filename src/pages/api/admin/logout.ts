import type { APIRoute } from 'astro';
import { deleteSessionCookie } from '@/server/auth/cookie';
import { invalidateSession } from '@/server/auth/session';
import { getDb } from '@/server/db';
import { handle, json } from '@/server/http';

/** POST /api/admin/logout: ends the session on the server and clears the cookie. */
export const POST: APIRoute = handle(async ({ locals, cookies }) => {
  if (locals.user) await invalidateSession(await getDb(), locals.user.sessionId);
  deleteSessionCookie(cookies);
  return json({ authenticated: false });
});
