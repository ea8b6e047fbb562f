import type { APIRoute } from 'astro';
import { messages } from '@/server/errors';
import { articleSitemapXml } from '@/server/services/site/sitemap';

/** Article sitemap file n: up to 50,000 published articles, oldest first. */
export const GET: APIRoute = async ({ locals, params }) => {
  const n = /^[1-9]\d{0,5}$/.test(params.n ?? '') ? Number(params.n) : 0;
  const xml = n > 0 ? await articleSitemapXml(locals.site, n) : undefined;
  if (!xml) return new Response(messages.notFound, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
