import { commentBulkSchema } from '@/lib/validation/admin-lists';
import { requireStaff } from '@/server/auth/guard';
import { PUBLIC_BODY_LIMIT, endpoint, json, parseBody, readJsonBody } from '@/server/http';
import { moderateComments } from '@/server/services/comments/moderation';

/** POST /api/admin/comments/bulk {action: approve | delete, ids}: up to 200 at once; answers `{changed, notFound}`. */
export const { POST, ALL } = endpoint({
  POST: async (context) => {
    requireStaff(context);
    return json(await moderateComments(parseBody(commentBulkSchema, await readJsonBody(context.request, PUBLIC_BODY_LIMIT))));
  },
});
