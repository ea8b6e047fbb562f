import type { APIRoute } from 'astro';
import { requireAdmin } from '@/server/auth/guard';
import { handle, idParam, json } from '@/server/http';
import { approveComment } from '@/server/services/moderation';

/** PATCH /api/admin/comments/{id}/approve: the comment becomes public. */
export const PATCH: APIRoute = handle(async (context) => {
  requireAdmin(context);
  await approveComment(idParam(context.params.id, 'Comment not found'));
  return json({ approved: true });
});
