import { adminRead } from '@/server/admin-routes';
import { messages } from '@/server/errors';
import { endpoint } from '@/server/http';
import { getArticleForAdmin } from '@/server/services/articles/articles';

/** GET /api/admin/articles/{id}: one article of any status, with its HTML, for the editor. */
export const { GET, ALL } = endpoint({ GET: adminRead(messages.articleNotFound, getArticleForAdmin) });
