import type { APIRoute } from 'astro';
import { requireAdmin } from '@/server/auth/guard';
import { handle, idParam } from '@/server/http';
import { deleteComment } from '@/server/services/moderation';

/** DELETE /api/admin/comments/{id} */
export const DELETE: APIRoute = handle(async (context) => {
  requireAdmin(context);
  await deleteComment(idParam(context.params.id, 'Comment not found'));
  return new Response(null, { status: 204 });
});
