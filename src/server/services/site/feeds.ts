import rss from '@astrojs/rss';
import { SITE_DESCRIPTION, SITE_NAME } from '@/lib/site';
import type { ArticleSummary } from '@/lib/wire/articles';
import { NotFoundError, messages } from '@/server/errors';
import { getAuthorBySlug } from '@/server/queries/authors';
import { getCategoryBySlug } from '@/server/queries/categories';
import { listPublicArticles } from '@/server/services/articles/lists';

/** Items in every feed: the newest ones. */
export const FEED_ITEMS = 30;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Feed {
  title: string;
  description: string;
  /** The feed's own path (atom:link rel=self). */
  selfPath: string;
  /** The page the feed stands for (the channel's link). */
  pagePath: string;
  items: ArticleSummary[];
}

/**
 * An RSS 2.0 response for a feed: the channel's own address, language and last build date,
 * each item with its category and author (Dublin Core).
 */
export async function rssResponse(feed: Feed, site: URL): Promise<Response> {
  const newest = feed.items[0]?.publishedAt;
  return rss({
    title: feed.title,
    description: feed.description,
    site: new URL(feed.pagePath, site).href,
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom', dc: 'http://purl.org/dc/elements/1.1/' },
    customData: [
      '<language>en-us</language>',
      `<atom:link href="${escapeXml(new URL(feed.selfPath, site).href)}" rel="self" type="application/rss+xml"/>`,
      newest ? `<lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>` : '',
    ].join(''),
    items: feed.items.map((a) => ({
      title: a.title,
      description: a.excerpt,
      link: new URL(`/article/${a.slug}`, site).href,
      pubDate: new Date(a.publishedAt),
      categories: [a.category.name],
      customData: `<dc:creator>${escapeXml(a.author)}</dc:creator>`,
    })),
  });
}

/** The site's feed: the newest articles of every topic. */
export async function getSiteFeed(): Promise<Feed> {
  const { items } = await listPublicArticles({ limit: FEED_ITEMS, offset: 0 });
  return { title: `${SITE_NAME} — US energy news`, description: SITE_DESCRIPTION, selfPath: '/rss.xml', pagePath: '/', items };
}

/** A topic's feed: its newest articles; 404 for an unknown category. */
export async function getTopicFeed(slug: string): Promise<Feed> {
  const category = await getCategoryBySlug(slug);
  if (!category) throw new NotFoundError(messages.categoryNotFound);
  const { items } = await listPublicArticles({ category: slug, limit: FEED_ITEMS, offset: 0 });
  return {
    title: `${category.name} — ${SITE_NAME}`,
    description: category.description || `The latest ${category.name} news from ${SITE_NAME}.`,
    selfPath: `/category/${slug}/rss.xml`,
    pagePath: `/category/${slug}`,
    items,
  };
}

/** An author's feed: their newest articles; 404 for an unknown author. */
export async function getAuthorFeed(slug: string): Promise<Feed> {
  const author = await getAuthorBySlug(slug);
  if (!author) throw new NotFoundError(messages.authorNotFound);
  const { items } = await listPublicArticles({ authorId: author.id, limit: FEED_ITEMS, offset: 0 });
  return {
    title: `${author.name} — ${SITE_NAME}`,
    description: author.bio || `Stories by ${author.name} at ${SITE_NAME}.`,
    selfPath: `/author/${slug}/rss.xml`,
    pagePath: `/author/${slug}`,
    items,
  };
}
