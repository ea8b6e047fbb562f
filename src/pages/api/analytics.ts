import { endpoint, json } from '@/server/http';
import { countArticlesByCategory } from '@/server/queries/articles';

/** GET /api/analytics: published article counts per category, from the database. */
export const { GET, ALL } = endpoint({ GET: async () => json({ categoryStats: await countArticlesByCategory() }) });
