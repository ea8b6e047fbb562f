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

/** Optional text stored as null when empty (the search fields, which fall back to others), one line unless `lines` says `many`. */
const nullableText = (max: number, label: string, lines: 'one' | 'many' = 'one') =>
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

/** Optional one-line plain text (an image's description, caption, credit); empty means none. */
const optionalText = (max: number, label: string) =>
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

/** Where an article stands: a draft, or published (from its publish time on). */
export const ARTICLE_STATUSES = ['draft', 'published'] as const;

/** One editable field of an article: what the editor calls it, the rule of what is sent, the shape it is stored and answered in. */
interface ArticleField<Rule extends z.ZodMiniType, Stored extends z.ZodMiniType> {
  label: string;
  rule: Rule;
  stored: Stored;
  /** Only the newsroom sees it: the public API's articles leave it out. */
  editorsOnly?: true;
}

const field = <Rule extends z.ZodMiniType, Stored extends z.ZodMiniType>(label: string, rule: Rule, stored: Stored): ArticleField<Rule, Stored> => ({
  label,
  rule,
  stored,
});
const editorsOnly = <F extends ArticleField<z.ZodMiniType, z.ZodMiniType>>(f: F): F & { editorsOnly: true } => ({ ...f, editorsOnly: true });
const text = z.string();
const storedNullableText = z.nullable(z.string());

/**
 * An article's editable fields, in the order its history lists them: the one list the
 * create and update schemas, the autosave, the editor's form values, the revision snapshot
 * and its labels, the queries' columns (each field is the `articles` column of its name) and
 * the API's article shapes (`src/lib/wire/articles.ts`) are derived from.
 */
export const ARTICLE_FIELDS = {
  title: field('Title', requiredLine('Title', 300), text),
  slug: field('Slug', slugSchema, text),
  excerpt: field('Excerpt', required('Excerpt', 1000), text),
  /** HTML; sanitized with the allow-list on the server. Every image in it has alt text. */
  content: field(
    'Content',
    required('Content', 200_000).check(z.refine((html) => imagesWithoutAlt(html) === 0, IMAGE_ALT_MISSING)),
    z.string().check(z.describe('Sanitized HTML.')),
  ),
  /** The lead image: an address (http(s) or a path on this site, such as a library image's `/media/…/original.jpg`). */
  imageUrl: field('Image URL', z.nullish(imageUrlSchema), storedNullableText),
  /** The lead image's alt text: required with a library image. */
  imageAlt: field(
    'Image alt text',
    optionalText(300, 'Alt text'),
    z.string().check(z.describe('The lead image’s alt text; empty when none was given.')),
  ),
  /** Shown under the lead image. */
  imageCaption: field('Image caption', optionalText(500, 'Caption'), text),
  /** Who made the lead image, shown with the caption. */
  imageCredit: field('Image credit', optionalText(200, 'Credit'), text),
  author: field('Author', requiredLine('Author', 200), z.string().check(z.describe('The byline: the author’s name.'))),
  categoryId: field(
    'Category',
    z.coerce.number({ error: 'Please choose a category' }).check(z.int('Please choose a category'), z.positive('Please choose a category')),
    z.int(),
  ),
  featured: field('Featured', z._default(z.boolean(), false), z.boolean()),
  /** Absent: published. */
  status: editorsOnly(field('Status', z._default(z.enum(ARTICLE_STATUSES), 'published'), z.enum(ARTICLE_STATUSES))),
  /** Absent: now. A future time schedules the article. */
  publishedAt: field(
    'Publish time',
    z.optional(
      z.union([
        z.pipe(
          z.literal(''),
          z.transform(() => undefined),
        ),
        z.coerce.date({ error: 'Please enter a valid date' }),
      ]),
    ),
    z.iso.datetime(),
  ),
  /** The title in search results and link previews; absent: the title. */
  metaTitle: editorsOnly(field('Meta title', nullableText(200, 'Meta title'), storedNullableText)),
  /** The description in search results and link previews; absent: the excerpt. */
  metaDescription: editorsOnly(field('Meta description', nullableText(500, 'Meta description', 'many'), storedNullableText)),
  /** The image of link previews; absent: the article's image. */
  socialImageUrl: editorsOnly(field('Social image URL', z.nullish(imageUrlSchema), storedNullableText)),
};

type Fields = typeof ARTICLE_FIELDS;
/** The name of an editable field. */
export type ArticleFieldName = keyof Fields;
type Part = 'rule' | 'stored';
type ShapeOf<P extends Part> = { [K in ArticleFieldName]: Fields[K][P] };

/** The editable fields' names, in their order. */
export const ARTICLE_FIELD_NAMES = Object.keys(ARTICLE_FIELDS) as ArticleFieldName[];

/** How the editor names each field (the history's and the diff's labels). */
export const ARTICLE_FIELD_LABELS = Object.fromEntries(ARTICLE_FIELD_NAMES.map((name) => [name, ARTICLE_FIELDS[name].label])) as Record<
  ArticleFieldName,
  string
>;

function shapeOf<P extends Part>(part: P): ShapeOf<P> {
  return Object.fromEntries(ARTICLE_FIELD_NAMES.map((name) => [name, ARTICLE_FIELDS[name][part]])) as ShapeOf<P>;
}

/** The stored shape of each editable field: an article's answer and a revision's snapshot are made of these. */
export const articleStoredShape = shapeOf('stored');

/** The fields only the newsroom sees, as a mask for `z.omit`. */
export type EditorsOnlyField = { [K in ArticleFieldName]: Fields[K] extends { editorsOnly: true } ? K : never }[ArticleFieldName];
export const EDITORS_ONLY_FIELDS = Object.fromEntries(
  ARTICLE_FIELD_NAMES.filter((name) => 'editorsOnly' in ARTICLE_FIELDS[name]).map((name) => [name, true]),
) as Record<EditorsOnlyField, true>;

const articleFields = z.object(shapeOf('rule'));

/** The article form and `POST /api/articles`; without a status or publish time an article is published at once. */
export const articleCreateSchema = articleFields.check(z.refine(leadImageHasAlt, { message: LEAD_IMAGE_ALT_MISSING, path: ['imageAlt'] }));

type WithoutDefault<T> = T extends z.ZodMiniDefault<infer Inner> ? Inner : T;
/** A field's rule for an update: absent means unchanged, so no default fills it in. */
const optionalRule = <T extends z.ZodMiniType>(rule: T) =>
  z.optional((rule._zod.def.type === 'default' ? (rule as unknown as z.ZodMiniDefault).def.innerType : rule) as WithoutDefault<T>);
const updateShape = Object.fromEntries(ARTICLE_FIELD_NAMES.map((name) => [name, optionalRule(ARTICLE_FIELDS[name].rule)])) as {
  [K in ArticleFieldName]: z.ZodMiniOptional<WithoutDefault<Fields[K]['rule']>>;
};

/**
 * `PATCH /api/articles/{id}`: any subset of the article's fields (the lead image's alt text
 * is checked against the stored article by the service).
 */
export const articleUpdateSchema = z.object({
  ...updateShape,
  /**
   * The `updatedAt` the editor started from: when the article was saved since, the update is
   * refused with a 409 instead of overwriting that save. Absent: no check (the spec's API).
   */
  expectedUpdatedAt: z.optional(z.iso.datetime({ error: 'Must be an ISO date and time' })),
});

export type ArticleCreateInput = z.input<typeof articleCreateSchema>;
export type ArticleCreate = z.output<typeof articleCreateSchema>;
export type ArticleUpdate = z.output<typeof articleUpdateSchema>;
