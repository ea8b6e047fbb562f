import { categoryUpdateSchema } from '@/lib/validation/category';
import { requireAdmin } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { ADMIN_BODY_LIMIT, endpoint, idParam, json, parseBody, readJsonBody } from '@/server/http';
import { updateCategory } from '@/server/services/articles/topics';

/** PATCH /api/admin/categories/{id}: `{description}`, the text the topic page shows under its name. */
export const { PATCH, ALL } = endpoint({
  PATCH: async (context) => {
    requireAdmin(context);
    const id = idParam(context.params.id, messages.categoryNotFound);
    const input = parseBody(categoryUpdateSchema, await readJsonBody(context.request, ADMIN_BODY_LIMIT));
    return json(await updateCategory(id, input));
  },
});
