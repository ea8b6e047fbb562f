import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { categoryAccent } from '@/lib/categories';
import { formatLongDate } from '@/lib/format';
import { escapeXml, wrapTitle } from '@/lib/og-text';
import { SITE_NAME, SITE_TAGLINE } from '@/lib/site';
import type { Article } from '@/lib/types';
import { getArticleBySlug } from '@/server/queries/articles';

/** The size link previews show best (Facebook, LinkedIn, X's large card): 1.91:1. */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

type OgArticle = Pick<Article, 'slug' | 'title' | 'publishedAt'> & { category: Pick<Article['category'], 'name' | 'slug'> };

/** What the image shows, hashed: its address changes exactly when the image would. */
export function articleOgVersion(article: OgArticle): string {
  const shown = [article.title, article.category.name, article.category.slug, formatLongDate(article.publishedAt)];
  return createHash('sha256').update(JSON.stringify(shown)).digest('hex').slice(0, 12);
}

/** The generated share image of an article, versioned (so it can be cached for good). */
export function articleOgImagePath(article: OgArticle): string {
  return `/og/article/${encodeURIComponent(article.slug)}.png?v=${articleOgVersion(article)}`;
}

/** The card as SVG: the site's name, the category in its colour, the title, the date. */
export function articleOgSvg(article: OgArticle): string {
  const accent = categoryAccent(article.category.slug);
  const lines = wrapTitle(article.title, 30, 4);
  // Four lines take a smaller size, so the title always ends above the date.
  const size = lines.length > 3 ? 56 : 64;
  const lineHeight = Math.round(size * 1.18);
  const top = 320;
  const category = escapeXml(article.category.name.toUpperCase());
  const badgeWidth = Math.round(article.category.name.length * 17.5 + 48);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">
  <rect width="100%" height="100%" fill="#0f172a"/>
  <rect x="0" y="0" width="16" height="${OG_HEIGHT}" fill="${accent}"/>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">
    <text x="80" y="104" fill="#f8fafc" font-size="40" font-weight="700">${escapeXml(SITE_NAME)}</text>
    <text x="80" y="146" fill="#94a3b8" font-size="26">${escapeXml(SITE_TAGLINE)}</text>
    <rect x="80" y="192" width="${badgeWidth}" height="44" rx="22" fill="${accent}"/>
    <text x="104" y="223" fill="#ffffff" font-size="24" font-weight="700" letter-spacing="1">${category}</text>
    ${lines.map((line, i) => `<text x="80" y="${top + i * lineHeight}" fill="#ffffff" font-size="${size}" font-weight="700">${escapeXml(line)}</text>`).join('\n    ')}
    <text x="80" y="${OG_HEIGHT - 40}" fill="#cbd5e1" font-size="28">${escapeXml(formatLongDate(article.publishedAt))}</text>
  </g>
</svg>`;
}

/** The card as a PNG of 1200 × 630. */
export async function renderArticleOgImage(article: OgArticle): Promise<Buffer> {
  return sharp(Buffer.from(articleOgSvg(article)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Images made lately, by slug and version: a shared link brings many crawlers at once. */
const made = new Map<string, Promise<Buffer>>();
const KEPT_IMAGES = 64;

/**
 * The share image of a public article and its version, made once per version in each web
 * process (renders run on libvips' threads, never the event loop); undefined for a draft,
 * a scheduled article or an unknown slug, so no unpublished title leaks.
 */
export async function getArticleOgImage(slug: string): Promise<{ png: Buffer; version: string } | undefined> {
  const article = await getArticleBySlug(slug);
  if (!article) return undefined;
  const version = articleOgVersion(article);
  const key = `${slug}\n${version}`;
  let png = made.get(key);
  if (png) {
    made.delete(key);
  } else {
    png = renderArticleOgImage(article);
    png.catch(() => made.delete(key));
    if (made.size >= KEPT_IMAGES) made.delete(made.keys().next().value ?? '');
  }
  made.set(key, png);
  return { png: await png, version };
}
