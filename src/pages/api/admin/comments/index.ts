import type { APIRoute } from 'astro';
import { requireAdmin } from '@/server/auth/guard';
import { handle, json } from '@/server/http';
import { listCommentsForModeration } from '@/server/services/moderation';

/** GET /api/admin/comments: every comment, pending first, with e-mail addresses. */
export const GET: APIRoute = handle(async (context) => {
  requireAdmin(context);
  return json(await listCommentsForModeration());
});
