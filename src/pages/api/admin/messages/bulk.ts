import { messageBulkSchema } from '@/lib/validation/admin-lists';
import { requireStaff } from '@/server/auth/guard';
import { PUBLIC_BODY_LIMIT, endpoint, json, parseBody, readJsonBody } from '@/server/http';
import { changeMessages } from '@/server/services/contact/messages';

/** POST /api/admin/messages/bulk {action: handled | unhandled | delete, ids}: up to 200 at once; answers `{changed, notFound}`. */
export const { POST, ALL } = endpoint({
  POST: async (context) => {
    requireStaff(context);
    return json(await changeMessages(parseBody(messageBulkSchema, await readJsonBody(context.request, PUBLIC_BODY_LIMIT))));
  },
});
