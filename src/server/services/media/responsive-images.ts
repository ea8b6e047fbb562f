import { attributeOf, libraryKeyOf } from '@/lib/media-url';
import type { ArticleSummary, ResponsiveImage } from '@/lib/wire/articles';
import { curlyQuotesHtml } from '@/lib/typography';
import { getMediaByKeys, type MediaRow } from '@/server/queries/media';
import { toMediaItem } from '@/server/services/media/library';
import { escapeMarkup } from '@/lib/markup';

/** Library images by key. */
export type LibraryImages = Map<string, ResponsiveImage>;

/** How wide an image shows, for `sizes`: the article column, and a card in the three-column grids. */
export const ARTICLE_IMAGE_SIZES = '(min-width: 48rem) 45rem, calc(100vw - 2rem)';
/** The card's single-source fallback is the copy nearest this width. */
const CARD_WIDTH = 960;

export function responsiveImageOf(row: MediaRow): ResponsiveImage {
  const item = toMediaItem(row);
  const card = item.variants.reduce((best, v) => (Math.abs(v.width - CARD_WIDTH) < Math.abs(best.width - CARD_WIDTH) ? v : best));
  return {
    src: item.url,
    width: item.width,
    height: item.height,
    avifSrcset: item.variants.map((v) => `${v.avif} ${v.width}w`).join(', '),
    webpSrcset: item.variants.map((v) => `${v.webp} ${v.width}w`).join(', '),
    cardSrc: card.webp,
  };
}

/** The library keys of the images in an article's HTML. */
function keysInHtml(html: string): string[] {
  return (html.match(/<img\b[^>]*>/gi) ?? []).flatMap((tag) => libraryKeyOf(attributeOf(tag, 'src')) ?? []);
}

/**
 * The library records of every image a page shows (article bodies and lead images, by their
 * `/media/{yyyy}/{mm}/{key}/` address), looked up in one query by key.
 */
export async function findLibraryImages(articles: readonly (ArticleSummary & { content?: string })[]): Promise<LibraryImages> {
  const keys = articles.flatMap((a) => [...(a.content ? keysInHtml(a.content) : []), libraryKeyOf(a.imageUrl) ?? []].flat());
  const rows = await getMediaByKeys(keys);
  return new Map(rows.map((row) => [row.key, responsiveImageOf(row)]));
}

/** One image's copies, when its address is a library original (an author's photo). */
export async function findLibraryImage(url: string | null | undefined): Promise<ResponsiveImage | undefined> {
  const key = libraryKeyOf(url);
  if (!key) return undefined;
  const [row] = await getMediaByKeys([key]);
  return row && responsiveImageOf(row);
}

/** The articles with their lead image's copies attached, when it is from the library. */
export function withLibraryImages<T extends ArticleSummary>(articles: T[], images: LibraryImages): T[] {
  return articles.map((a) => {
    const image = images.get(libraryKeyOf(a.imageUrl) ?? '');
    return image ? { ...a, image } : a;
  });
}

/** Lists' articles with their lead image's copies, looked up in one query. */
export async function attachLibraryImages<T extends ArticleSummary>(articles: T[]): Promise<T[]> {
  if (!articles.some((a) => libraryKeyOf(a.imageUrl))) return articles;
  return withLibraryImages(articles, await findLibraryImages(articles));
}

/** Plain text as HTML text or attribute value. */

const escapeAttribute = (value: string) =>
  value
    .replace(/&(?![a-z0-9#]+;)/gi, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;');

/**
 * A `<picture>` of a library image: AVIF and WebP copies by width, the original as the
 * fallback, width and height set (the browser keeps its place, so nothing shifts). `alt` is
 * attribute text as stored (entities kept). Lazy unless it is the page's lead image.
 */
export function pictureHtml(image: ResponsiveImage, options: { alt: string; sizes: string; lead?: boolean; className?: string }): string {
  const sizes = escapeAttribute(options.sizes);
  const loading = options.lead ? 'fetchpriority="high"' : 'loading="lazy"';
  const className = options.className ? ` class="${escapeAttribute(options.className)}"` : '';
  return (
    `<picture><source type="image/avif" srcset="${escapeAttribute(image.avifSrcset)}" sizes="${sizes}">` +
    `<source type="image/webp" srcset="${escapeAttribute(image.webpSrcset)}" sizes="${sizes}">` +
    `<img src="${escapeAttribute(image.src)}" alt="${escapeAttribute(options.alt)}" width="${image.width}" height="${image.height}" ${loading} decoding="async"${className}></picture>`
  );
}

/**
 * An article as readers see it: its body with library images as `<picture>`s and curly quotes, its lead image's
 * `<picture>` (undefined when the lead image is not from the library), and the related
 * stories with their card images; every library image of the page looked up in one query.
 */
export async function articleForReaders<A extends ArticleSummary & { content: string }, R extends ArticleSummary>(
  article: A,
  related: R[],
): Promise<{ article: A; leadPicture: string | undefined; related: R[] }> {
  const images = await findLibraryImages([article, ...related]);
  const lead = images.get(libraryKeyOf(article.imageUrl) ?? '');
  return {
    article: { ...article, content: curlyQuotesHtml(renderArticleImages(article.content, images)) },
    leadPicture:
      lead && pictureHtml(lead, { alt: escapeMarkup(article.imageAlt), sizes: ARTICLE_IMAGE_SIZES, lead: true, className: 'w-full rounded-lg' }),
    related: withLibraryImages(related, images),
  };
}

/**
 * An article body (sanitized HTML) for readers: each library image becomes a `<picture>` of
 * its copies; other images are left as they are.
 */
export function renderArticleImages(html: string, images: LibraryImages): string {
  if (images.size === 0) return html;
  return html.replace(/<img\b[^>]*>/gi, (tag) => {
    const image = images.get(libraryKeyOf(attributeOf(tag, 'src')) ?? '');
    return image ? pictureHtml(image, { alt: attributeOf(tag, 'alt') ?? '', sizes: ARTICLE_IMAGE_SIZES }) : tag;
  });
}
