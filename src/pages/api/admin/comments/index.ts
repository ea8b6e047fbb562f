import { requireAdmin } from '@/server/auth/guard';
import { endpoint, json } from '@/server/http';
import { listCommentsForModeration } from '@/server/queries/comments';

/** GET /api/admin/comments: every comment, pending first, with e-mail addresses. */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    requireAdmin(context);
    return json(await listCommentsForModeration());
  },
});
