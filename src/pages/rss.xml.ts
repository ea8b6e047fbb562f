import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { SITE_DESCRIPTION, SITE_NAME } from '@/lib/site';
import { listArticles } from '@/server/queries/articles';

/** The 30 newest articles as RSS 2.0. */
export const GET: APIRoute = async ({ locals }) => {
  const { items } = await listArticles({ limit: 30, offset: 0 });
  return rss({
    title: `${SITE_NAME} — US energy news`,
    description: SITE_DESCRIPTION,
    site: locals.site.origin,
    items: items.map((a) => ({
      title: a.title,
      description: a.excerpt,
      link: `/article/${a.slug}`,
      pubDate: new Date(a.publishedAt),
      author: a.author,
      categories: [a.category.name],
    })),
    customData: '<language>en-us</language>',
  });
};
