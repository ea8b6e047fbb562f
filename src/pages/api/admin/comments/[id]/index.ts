import { requireStaff } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { endpoint, idParam, json } from '@/server/http';
import { deleteComment, getCommentForAdmin } from '@/server/services/comments/moderation';

export const { GET, DELETE, ALL } = endpoint({
  /** GET /api/admin/comments/{id}: the comment in full. */
  GET: async (context) => {
    requireStaff(context);
    return json(await getCommentForAdmin(idParam(context.params.id, messages.commentNotFound)));
  },
  /** DELETE /api/admin/comments/{id} */
  DELETE: async (context) => {
    requireStaff(context);
    await deleteComment(idParam(context.params.id, messages.commentNotFound));
    return new Response(null, { status: 204 });
  },
});
