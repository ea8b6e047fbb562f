import * as z from '@/lib/validation/zod-mini';
import { imagesWithoutAlt, libraryKeyOf } from '@/lib/media-url';
import { slugSchema } from '@/lib/validation/article-list-query';
import { oneLine } from '@/lib/validation/text';

const required = (label: string, max: number) =>
  z.string({ error: 'Required' }).check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max));

/** A required one-line field (a title, a byline). */
const requiredLine = (label: string, max: number) => required(label, max).check(oneLine(label));

/**
 * Whether an address is a path on this site: one slash, then not another slash or a
 * backslash (`//host/x` and `/\host/x` lead browsers to another host).
 */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !/[\u0000-\u001f\\]/.test(value);
}

/** An image address: http(s) or a path on this site; empty means none. */
const imageUrlSchema = z.pipe(
  z.string({ error: 'Must be text' }).check(
    z.trim(),
    z.maxLength(2000),
    z.refine((v) => v === '' || isSitePath(v) || /^https?:\/\/[^/\\\s]/i.test(v), 'Please enter a valid URL'),
  ),
  z.transform((v) => (v === '' ? null : v)),
);

/** Optional text (one line unless `lines` says `many`); empty means none. */
const optionalText = (max: number, label: string, lines: 'one' | 'many' = 'one') =>
  z.nullish(
    z.pipe(
      z
        .string({ error: 'Must be text' })
        .check(z.trim(), z.maxLength(max, `${label} is at most ${max} characters`), ...(lines === 'one' ? [oneLine(label)] : [])),
      z.transform((v) => (v === '' ? null : v)),
    ),
  );

/** Search engines show about this many characters of a title and of a description. */
export const META_TITLE_SHOWN = 60;
export const META_DESCRIPTION_SHOWN = 160;

/** A one-line text of an image's description; empty means none. */
const imageText = (max: number, label: string) =>
  z.optional(z.string({ error: 'Must be text' }).check(z.trim(), z.maxLength(max, `${label} is at most ${max} characters`), oneLine(label)));

export const IMAGE_ALT_MISSING = 'Describe every image for readers who cannot see it (alt text)';
export const LEAD_IMAGE_ALT_MISSING = 'Describe the image for readers who cannot see it (alt text)';

/**
 * Whether the lead image may be saved as given: an image from the media library needs its
 * alt text (an image typed by address, as the spec's payload has it, may go without).
 */
export function leadImageHasAlt(article: { imageUrl?: string | null | undefined; imageAlt?: string | undefined }): boolean {
  return !libraryKeyOf(article.imageUrl) || Boolean(article.imageAlt?.trim());
}

const articleFields = z.object({
  title: requiredLine('Title', 300),
  slug: slugSchema,
  excerpt: required('Excerpt', 1000),
  /** HTML; sanitized with the allow-list on the server. Every image in it has alt text. */
  content: required('Content', 200_000).check(z.refine((html) => imagesWithoutAlt(html) === 0, IMAGE_ALT_MISSING)),
  /** The lead image: an address (http(s) or a path on this site, such as a library image's `/media/…/original.jpg`). */
  imageUrl: z.nullish(imageUrlSchema),
  /** The lead image's alt text: required with a library image. */
  imageAlt: imageText(300, 'Alt text'),
  /** Shown under the lead image. */
  imageCaption: imageText(500, 'Caption'),
  /** Who made the lead image, shown with the caption. */
  imageCredit: imageText(200, 'Credit'),
  author: requiredLine('Author', 200),
  categoryId: z.coerce.number({ error: 'Please choose a category' }).check(z.int('Please choose a category'), z.positive('Please choose a category')),
  featured: z._default(z.boolean(), false),
  /** Absent: published. */
  status: z._default(z.enum(['draft', 'published']), 'published'),
  /** Absent: now. A future time schedules the article. */
  publishedAt: z.optional(
    z.union([
      z.pipe(
        z.literal(''),
        z.transform(() => undefined),
      ),
      z.coerce.date({ error: 'Please enter a valid date' }),
    ]),
  ),
  /** The title in search results and link previews; absent: the title. */
  metaTitle: optionalText(200, 'Meta title'),
  /** The description in search results and link previews; absent: the excerpt. */
  metaDescription: optionalText(500, 'Meta description', 'many'),
  /** The image of link previews; absent: the article's image. */
  socialImageUrl: z.nullish(imageUrlSchema),
});

/** The article form and `POST /api/articles`; without a status or publish time an article is published at once. */
export const articleCreateSchema = articleFields.check(z.refine(leadImageHasAlt, { message: LEAD_IMAGE_ALT_MISSING, path: ['imageAlt'] }));

/**
 * `PATCH /api/articles/{id}`: any subset of the article's fields (the lead image's alt text
 * is checked against the stored article by the service).
 */
export const articleUpdateSchema = z.extend(z.partial(articleFields), {
  featured: z.optional(z.boolean()),
  status: z.optional(z.enum(['draft', 'published'])),
  /**
   * The `updatedAt` the editor started from: when the article was saved since, the update is
   * refused with a 409 instead of overwriting that save. Absent: no check (the spec's API).
   */
  expectedUpdatedAt: z.optional(z.iso.datetime({ error: 'Must be an ISO date and time' })),
});

export type ArticleCreateInput = z.input<typeof articleCreateSchema>;
export type ArticleCreate = z.output<typeof articleCreateSchema>;
export type ArticleUpdate = z.output<typeof articleUpdateSchema>;
