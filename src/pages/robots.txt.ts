import type { APIRoute } from 'astro';

/** Crawlers may read everything but the admin and the API; the sitemap is named. */
export const GET: APIRoute = ({ locals }) => {
  const base = locals.site;
  const body = ['User-agent: *', 'Disallow: /admin', 'Disallow: /api/', 'Allow: /', '', `Sitemap: ${new URL('/sitemap.xml', base).href}`, ''].join(
    '\n',
  );
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
};
