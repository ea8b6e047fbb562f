import { endpoint, json } from '@/server/http';

/** GET /api/admin/check: whether the request carries a valid admin session. */
export const { GET, ALL } = endpoint({ GET: ({ locals }) => json({ authenticated: Boolean(locals.user) }) });
