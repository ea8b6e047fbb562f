import type { APIRoute } from 'astro';
import { requireAdmin } from '@/server/auth/guard';
import { isTotpEnabled } from '@/server/auth/totp';
import { getDb } from '@/server/db';
import { handle, json } from '@/server/http';

/** GET /api/admin/totp: whether two-factor sign-in is on. */
export const GET: APIRoute = handle(async (context) => {
  const user = requireAdmin(context);
  return json({ enabled: await isTotpEnabled(await getDb(), user.userId) });
});
