import type { APIRoute } from 'astro';
import { NEWS_SITEMAP_PATH } from '@/lib/site';

/** Crawlers may read everything but the admin and the API; the sitemap index and the news sitemap are named. */
export const GET: APIRoute = ({ locals }) => {
  const base = locals.site;
  const sitemaps = ['/sitemap.xml', NEWS_SITEMAP_PATH].map((path) => `Sitemap: ${new URL(path, base).href}`);
  const body = ['User-agent: *', 'Disallow: /admin', 'Disallow: /api/', 'Allow: /', '', ...sitemaps, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
};
