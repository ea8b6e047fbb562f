import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { SITE_DESCRIPTION, SITE_NAME } from '@/lib/site';
import { listPublicArticles } from '@/server/services/article-lists';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The 30 newest articles as RSS 2.0, with the feed's own address and each item's author (Dublin Core). */
export const GET: APIRoute = async ({ locals }) => {
  const { items } = await listPublicArticles({ limit: 30, offset: 0 });
  const self = new URL('/rss.xml', locals.site).href;
  const newest = items[0]?.publishedAt;
  return rss({
    title: `${SITE_NAME} — US energy news`,
    description: SITE_DESCRIPTION,
    site: locals.site.origin,
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom', dc: 'http://purl.org/dc/elements/1.1/' },
    customData: [
      '<language>en-us</language>',
      `<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
      newest ? `<lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>` : '',
    ].join(''),
    items: items.map((a) => ({
      title: a.title,
      description: a.excerpt,
      link: `/article/${a.slug}`,
      pubDate: new Date(a.publishedAt),
      categories: [a.category.name],
      customData: `<dc:creator>${escapeXml(a.author)}</dc:creator>`,
    })),
  });
};
