import type { APIRoute } from 'astro';
import { requireAdmin } from '@/server/auth/guard';
import { handle, json } from '@/server/http';
import { listMessages } from '@/server/services/moderation';

/** GET /api/admin/messages: contact messages, newest first. */
export const GET: APIRoute = handle(async (context) => {
  requireAdmin(context);
  return json(await listMessages());
});
