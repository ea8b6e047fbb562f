import { endpoint, json } from '@/server/http';
import { getCategoryStats } from '@/server/services/site/pages';

/** GET /api/analytics: published article counts per category, counted once per content version. */
export const { GET, ALL } = endpoint({ GET: async () => json({ categoryStats: await getCategoryStats() }) });
