import { categoryUpdateSchema } from '@/lib/validation/category';
import { adminUpdate } from '@/server/admin-routes';
import { messages } from '@/server/errors';
import { ADMIN_BODY_LIMIT, endpoint } from '@/server/http';
import { updateCategory } from '@/server/services/articles/topics';

/** PATCH /api/admin/categories/{id}: `{description}`, the text the topic page shows under its name. */
export const { PATCH, ALL } = endpoint({ PATCH: adminUpdate(messages.categoryNotFound, categoryUpdateSchema, ADMIN_BODY_LIMIT, updateCategory) });
