import type { APIRoute } from 'astro';

/** The spec's logout target (a defect, CONTRACT 2.4) moves permanently to the real login page. */
export const GET: APIRoute = () => new Response(null, { status: 301, headers: { Location: '/admin/login' } });
