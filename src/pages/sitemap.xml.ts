import type { APIRoute } from 'astro';
import { listArticleSitemapEntries } from '@/server/queries/articles';

const STATIC_PATHS = ['/', '/news', '/analytics', '/about', '/contact', '/privacy-policy', '/terms-of-service'];

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every public page and published article. */
export const GET: APIRoute = async ({ locals }) => {
  const base = locals.site;
  const articles = await listArticleSitemapEntries();
  const entries = [
    ...STATIC_PATHS.map((p) => `<url><loc>${escapeXml(new URL(p, base).href)}</loc></url>`),
    ...articles.map(
      (a) => `<url><loc>${escapeXml(new URL(`/article/${a.slug}`, base).href)}</loc><lastmod>${a.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
