import { categoryBadgeColors } from '@/lib/categories';
import { formatLongDate } from '@/lib/format';
import { SITE_NAME, SITE_TAGLINE } from '@/lib/site';
import type { Author, CategoryDetail } from '@/lib/wire/articles';
import type { PageImage } from '@/lib/site';
import { OG_HEIGHT, OG_WIDTH, ogCardVersion, renderOgCard, type OgCard } from '@/server/og-image';
import { getPublicArticleCard } from '@/server/queries/articles';
import { getAuthorBySlug } from '@/server/queries/authors';
import { getCategoryBySlug } from '@/server/queries/categories';
import { mediaStorage } from '@/server/media-storage';

/** The pages that get a drawn card: an article, a topic, an author. */
export const OG_KINDS = ['article', 'topic', 'author'] as const;
export type OgKind = (typeof OG_KINDS)[number];

/** The card of an article: its category in the category's colors, its title, its publish date. */
export function articleOgCard(article: { title: string; publishedAt: string; category: { name: string; slug: string } }): OgCard {
  return {
    label: article.category.name,
    labelColors: categoryBadgeColors(article.category.slug),
    title: article.title,
    footer: formatLongDate(article.publishedAt),
  };
}

/** The card of a topic page. */
export function topicOgCard(category: Pick<CategoryDetail, 'name' | 'slug'>): OgCard {
  return { label: 'Topic', labelColors: categoryBadgeColors(category.slug), title: `${category.name} News`, footer: SITE_TAGLINE };
}

/** The card of an author page. */
export function authorOgCard(author: Pick<Author, 'name' | 'title'>): OgCard {
  return {
    label: author.title || 'Author',
    labelColors: categoryBadgeColors(''),
    title: author.name,
    footer: `Stories by ${author.name} at ${SITE_NAME}`,
  };
}

/**
 * The page image of a card, at `/og/{kind}/{slug}.png?v={version}`: the version is a hash of
 * what the card shows, so the address changes with the title, category or date and each
 * address can be cached for good.
 */
export function ogPageImage(kind: OgKind, slug: string, card: OgCard, alt: string): PageImage {
  return { url: `/og/${kind}/${slug}.png?v=${ogCardVersion(card)}`, width: OG_WIDTH, height: OG_HEIGHT, alt };
}

/** The card a public page has now, read from the database; undefined for an unknown slug or an article not (yet) published. */
async function currentCard(kind: OgKind, slug: string): Promise<OgCard | undefined> {
  switch (kind) {
    case 'article': {
      const found = await getPublicArticleCard(slug);
      return found && articleOgCard({ ...found, category: { name: found.categoryName, slug: found.categorySlug } });
    }
    case 'topic': {
      const category = await getCategoryBySlug(slug);
      return category && topicOgCard(category);
    }
    case 'author': {
      const author = await getAuthorBySlug(slug);
      return author && authorOgCard(author);
    }
  }
}

/** Cards drawn or read lately, by storage key: a few megabytes at most. */
const RECENT_LIMIT = 64;
const recent = new Map<string, Buffer>();
/** Cards being drawn now, so concurrent requests of one process draw each card once. */
const drawing = new Map<string, Promise<Buffer>>();

function remember(key: string, png: Buffer): void {
  recent.delete(key);
  recent.set(key, png);
  while (recent.size > RECENT_LIMIT) recent.delete(recent.keys().next().value as string);
}

/**
 * The PNG of a card: from memory, else from the media storage (shared by every process and
 * machine), else drawn and stored there. A process draws a card at most once, and once one
 * has stored it, every other process reads it instead. Storage failures only cost a redraw.
 */
async function cardPng(key: string, card: OgCard): Promise<Buffer> {
  const known = recent.get(key);
  if (known) {
    remember(key, known);
    return known;
  }
  let pending = drawing.get(key);
  if (!pending) {
    pending = (async () => {
      const store = mediaStorage();
      const stored = await store.get(key).catch(() => undefined);
      if (stored) return stored;
      const png = await renderOgCard(card);
      await store.put(key, png, 'image/png').catch((error: unknown) => console.error('Could not store an Open Graph card:', error));
      return png;
    })().finally(() => drawing.delete(key));
    drawing.set(key, pending);
  }
  const png = await pending;
  remember(key, png);
  return png;
}

export type OgImageAnswer = { png: Buffer } | { redirect: string } | undefined;

/**
 * The card image of a public page: its PNG when `version` is the card's current one, the
 * current address when it is another (an older title), undefined when there is no such
 * public page (an unknown slug, a draft, an article not due yet: nothing of it leaks).
 */
export async function getOgImage(kind: OgKind, slug: string, version: string | null): Promise<OgImageAnswer> {
  const card = await currentCard(kind, slug);
  if (!card) return undefined;
  const current = ogCardVersion(card);
  if (version !== current) return { redirect: `/og/${kind}/${slug}.png?v=${current}` };
  return { png: await cardPng(`og/${kind}/${slug}/${current}.png`, card) };
}
