import type { APIRoute } from 'astro';
import { handle, json } from '@/server/http';

/** GET /api/admin/check: whether the request carries a valid admin session. */
export const GET: APIRoute = handle(({ locals }) => json({ authenticated: Boolean(locals.user) }));
