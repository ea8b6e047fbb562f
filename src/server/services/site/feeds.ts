import rss from '@astrojs/rss';
import { SITE_DESCRIPTION, SITE_NAME } from '@/lib/site';
import type { Article, ArticleSummary } from '@/lib/wire/articles';
import { curlyQuotesHtml } from '@/lib/typography';
import { formatShortDate } from '@/lib/format';
import type { PublicCorrection } from '@/lib/wire/corrections';
import { NotFoundError, messages } from '@/server/errors';
import { getAuthorBySlug } from '@/server/queries/authors';
import { getCategoryBySlug } from '@/server/queries/categories';
import { listPublicArticles } from '@/server/services/articles/lists';
import { correctionsShownWith } from '@/server/services/articles/corrections';
import { showsTags } from '@/server/cache/render-scope';
import { tag } from '@/server/cache/tags';
import { storyBodyAsText } from '@/server/services/articles/story-data';
import { escapeMarkup } from '@/lib/markup';

/** Items in every feed: the newest ones. */
export const FEED_ITEMS = 30;

/** The namespaces a feed's items use: Atom (self link), Dublin Core (creator), Media RSS (lead image). */
const FEED_NAMESPACES = { atom: 'http://www.w3.org/2005/Atom', dc: 'http://purl.org/dc/elements/1.1/', media: 'http://search.yahoo.com/mrss/' };

/** A feed's article: the full article, its lead image's library copies attached when it has them. */
type FeedArticle = ArticleSummary & Pick<Article, 'content'>;

/** The articles of a list asked for with their content (`withContent`). */
const withText = (items: readonly (ArticleSummary | Article)[]): FeedArticle[] => items.filter((a): a is FeedArticle => 'content' in a);

/** The MIME type of an image address, by its extension (JPEG when it says none). */
function imageType(url: string): string {
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  return { png: 'image/png', webp: 'image/webp', avif: 'image/avif', gif: 'image/gif' }[extension ?? ''] ?? 'image/jpeg';
}

/** Root-relative addresses in article HTML made absolute, since a feed reader shows it away from the site. */
function absoluteUrls(html: string, site: URL): string {
  return html.replace(/\b(src|href)="(\/[^/"][^"]*)"/g, (_, name: string, path: string) => `${name}="${escapeMarkup(new URL(path, site).href)}"`);
}

/** An article's corrections as the end of its feed item: "Correction, Nov 24, 2026: …", newest first, as under the text on the site. */
function correctionsHtml(corrections: readonly PublicCorrection[]): string {
  if (corrections.length === 0) return '';
  const items = corrections.map(
    (c) => `<p><strong>Correction, ${formatShortDate(c.createdAt)}:</strong> ${escapeMarkup(c.text).replace(/\r?\n/g, '<br>')}</p>`,
  );
  return `<aside>${items.join('')}</aside>`;
}

/**
 * An item's full text for `content:encoded`: the lead image with its alt text, then the body
 * (its cited figures as text with their source and date, its charts as images linking to them)
 * and the corrections, as readers see them on the site.
 */
async function itemContent(article: FeedArticle, corrections: readonly PublicCorrection[], site: URL): Promise<string> {
  const lead = article.imageUrl
    ? `<figure><img src="${escapeMarkup(new URL(article.imageUrl, site).href)}" alt="${escapeMarkup(article.imageAlt)}"${
        article.image ? ` width="${article.image.width}" height="${article.image.height}"` : ''
      }></figure>`
    : '';
  return lead + absoluteUrls(curlyQuotesHtml(await storyBodyAsText(article.content, site)), site) + correctionsHtml(corrections);
}

/** The lead image as Media RSS `media:content` (with its size when it is a library image). */
function itemImage(article: FeedArticle, site: URL): string {
  if (!article.imageUrl) return '';
  const url = new URL(article.imageUrl, site).href;
  const size = article.image ? ` width="${article.image.width}" height="${article.image.height}"` : '';
  const alt = article.imageAlt ? `<media:description type="plain">${escapeMarkup(article.imageAlt)}</media:description>` : '';
  return `<media:content url="${escapeMarkup(url)}" medium="image" type="${imageType(url)}"${size}>${alt}</media:content>`;
}

interface Feed {
  title: string;
  description: string;
  /** The feed's own path (atom:link rel=self). */
  selfPath: string;
  /** The page the feed stands for (the channel's link). */
  pagePath: string;
  items: FeedArticle[];
}

/**
 * An RSS 2.0 response for a feed: the channel's own address, language and last build date,
 * each item with its excerpt, full text and corrections (`content:encoded`), lead image
 * (`media:content`), category and author (Dublin Core).
 */
export async function rssResponse(feed: Feed, site: URL): Promise<Response> {
  const newest = feed.items[0]?.publishedAt;
  const corrections = await correctionsShownWith(feed.items.map((a) => a.id));
  const contents = await Promise.all(feed.items.map((a) => itemContent(a, corrections.get(a.id) ?? [], site)));
  return rss({
    title: feed.title,
    description: feed.description,
    site: new URL(feed.pagePath, site).href,
    trailingSlash: false,
    xmlns: FEED_NAMESPACES,
    customData: [
      '<language>en-us</language>',
      `<atom:link href="${escapeMarkup(new URL(feed.selfPath, site).href)}" rel="self" type="application/rss+xml"/>`,
      newest ? `<lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>` : '',
    ].join(''),
    items: feed.items.map((a, i) => ({
      title: a.title,
      description: a.excerpt,
      link: new URL(`/article/${a.slug}`, site).href,
      pubDate: new Date(a.publishedAt),
      content: contents[i],
      categories: [a.category.name],
      customData: `<dc:creator>${escapeMarkup(a.author)}</dc:creator>${itemImage(a, site)}`,
    })),
  });
}

/** The site's feed: the newest articles of every topic. */
export async function getSiteFeed(): Promise<Feed> {
  const { items } = await listPublicArticles({ limit: FEED_ITEMS, offset: 0, withContent: true });
  return { title: `${SITE_NAME} — US energy news`, description: SITE_DESCRIPTION, selfPath: '/rss.xml', pagePath: '/', items: withText(items) };
}

/** A topic's feed: its newest articles; 404 for an unknown category. */
export async function getTopicFeed(slug: string): Promise<Feed> {
  const category = await getCategoryBySlug(slug);
  showsTags(tag.topic(slug));
  if (!category) throw new NotFoundError(messages.categoryNotFound);
  const { items } = await listPublicArticles({ category: slug, limit: FEED_ITEMS, offset: 0, withContent: true });
  return {
    title: `${category.name} — ${SITE_NAME}`,
    description: category.description || `The latest ${category.name} news from ${SITE_NAME}.`,
    selfPath: `/category/${slug}/rss.xml`,
    pagePath: `/category/${slug}`,
    items: withText(items),
  };
}

/** An author's feed: their newest articles; 404 for an unknown author. */
export async function getAuthorFeed(slug: string): Promise<Feed> {
  const author = await getAuthorBySlug(slug);
  showsTags(tag.author(slug), tag.authorArticles(slug));
  if (!author) throw new NotFoundError(messages.authorNotFound);
  const { items } = await listPublicArticles({ authorId: author.id, limit: FEED_ITEMS, offset: 0, withContent: true });
  return {
    title: `${author.name} — ${SITE_NAME}`,
    description: author.bio || `Stories by ${author.name} at ${SITE_NAME}.`,
    selfPath: `/author/${slug}/rss.xml`,
    pagePath: `/author/${slug}`,
    items: withText(items),
  };
}
