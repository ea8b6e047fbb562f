import type { APIRoute } from 'astro';
import { sitemapIndexXml } from '@/server/services/site/sitemap';

/** The sitemap index (sitemaps.org): the static pages' file and the article files. */
export const GET: APIRoute = async ({ locals }) =>
  new Response(await sitemapIndexXml(locals.site), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
