import type { APIRoute } from 'astro';

/** An old address of the login page moves permanently to the real one. */
export const GET: APIRoute = () => new Response(null, { status: 301, headers: { Location: '/admin/login' } });
