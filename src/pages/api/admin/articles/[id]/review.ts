import { reviewActionSchema } from '@/lib/validation/staff';
import { adminCreateFor } from '@/server/admin-routes';
import { messages } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, endpoint } from '@/server/http';
import { reviewArticle } from '@/server/services/articles/review';

/**
 * POST /api/admin/articles/{id}/review: `{action: "submit", note?}` puts a draft in the editors'
 * queue; `{action: "return", note}` (editors) sends it back. 201 with the note it keeps.
 */
export const { POST, ALL } = endpoint({ POST: adminCreateFor(messages.articleNotFound, reviewActionSchema, PUBLIC_BODY_LIMIT, reviewArticle) });
