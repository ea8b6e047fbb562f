import { requireAdmin } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { endpoint, idParam } from '@/server/http';
import { deleteComment } from '@/server/services/moderation';

/** DELETE /api/admin/comments/{id} */
export const { DELETE, ALL } = endpoint({
  DELETE: async (context) => {
    requireAdmin(context);
    await deleteComment(idParam(context.params.id, messages.commentNotFound));
    return new Response(null, { status: 204 });
  },
});
