import { requireStaff } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { endpoint, idParam, json } from '@/server/http';
import { approveComment } from '@/server/services/comments/moderation';

/** PATCH /api/admin/comments/{id}/approve: the comment becomes public. */
export const { PATCH, ALL } = endpoint({
  PATCH: async (context) => {
    requireStaff(context);
    await approveComment(idParam(context.params.id, messages.commentNotFound));
    return json({ approved: true });
  },
});
