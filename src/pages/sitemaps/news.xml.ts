import type { APIRoute } from 'astro';
import { newsSitemapXml } from '@/server/services/site/sitemap';

/** The Google News sitemap: the articles of the last 48 hours. */
export const GET: APIRoute = async ({ locals }) =>
  new Response(await newsSitemapXml(locals.site), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
