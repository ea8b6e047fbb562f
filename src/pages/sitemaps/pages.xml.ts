import type { APIRoute } from 'astro';
import { pagesSitemapXml } from '@/server/services/site/sitemap';

/** The sitemap file of the pages that are not articles. */
export const GET: APIRoute = async ({ locals }) =>
  new Response(await pagesSitemapXml(locals.site), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
