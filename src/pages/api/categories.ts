import { endpoint, json } from '@/server/http';
import { listCategories } from '@/server/queries/categories';

/** GET /api/categories */
export const { GET, ALL } = endpoint({ GET: async () => json(await listCategories()) });
