// What the API answers about articles, categories, authors and an article's history.
// The article shapes are made of the editable fields' list (`ARTICLE_FIELDS`), so a new
// field reaches every answer and the API document from there.
import * as z from '@/lib/validation/zod-mini';
import { ARTICLE_FIELD_NAMES, EDITORS_ONLY_FIELDS, articleStoredShape, type ArticleFieldName } from '@/lib/validation/article';
import { about, isoDateTime, named, recordId, namedObject } from '@/lib/wire/common';

const categoryFields = z.object({ id: recordId, name: z.string(), slug: z.string() });
export const categorySchema = named('Category', categoryFields);
export type Category = z.output<typeof categorySchema>;

/** A category with the description its topic page (/category/{slug}) shows. */
export const categoryDetailSchema = named('CategoryDetail', z.extend(categoryFields, { description: z.string() }));
export type CategoryDetail = z.output<typeof categoryDetailSchema>;

/** Published articles of one category. */
export const categoryStatSchema = z.object({ category: about(z.string(), 'The category’s name.'), count: z.int() });
export type CategoryStat = z.output<typeof categoryStatSchema>;

/** A media library image as pages serve it: the original and its AVIF and WebP copies for `srcset`. */
export const responsiveImageSchema = namedObject('ResponsiveImage', 'A media library image: its original and resized copies.', {
  src: about(z.string(), 'The original.'),
  width: z.int(),
  height: z.int(),
  /** `/media/…/480.avif 480w, /media/…/960.avif 960w`, narrowest first. */
  avifSrcset: about(z.string(), '`srcset` of the AVIF copies, narrowest first.'),
  webpSrcset: about(z.string(), '`srcset` of the WebP copies, narrowest first.'),
  /** The copy nearest 960 pixels wide (WebP): what a card shows without `srcset`. */
  cardSrc: about(z.string(), 'The WebP copy nearest 960 pixels wide.'),
});
export type ResponsiveImage = z.output<typeof responsiveImageSchema>;

/** An article as the newsroom sees it: every editable field, and what the site keeps beside them. */
const editorsArticleFields = z.object({
  id: recordId,
  ...articleStoredShape,
  /** The author's page is /author/{authorSlug}; null for an article without an author record. */
  authorSlug: z.nullable(about(z.string(), 'The author’s page is /author/{authorSlug}; null for a byline without an author record.')),
  category: categorySchema,
  updatedAt: isoDateTime,
  /** The lead image's resized copies, when it is from the media library (lists pick a small one). */
  image: z.optional(responsiveImageSchema),
  /** Kept by the site, seen by staff only: the author record's id, and a draft's review. */
  authorId: z.nullable(about(recordId, 'The author record of the byline (staff only).')),
  reviewState: z.nullable(about(z.enum(['submitted', 'returned']), 'A draft waiting for review, or returned to its writer (staff only).')),
});
/** What readers never see of an article: the editable fields only the newsroom sees, and what the site keeps for staff. */
const STAFF_ONLY = { ...EDITORS_ONLY_FIELDS, authorId: true, reviewState: true } as const;
export const adminArticleSchema = named(
  'AdminArticle',
  editorsArticleFields,
  'An article as the newsroom sees it: drafts and scheduled ones included, with status and search fields.',
);
export type AdminArticle = z.output<typeof adminArticleSchema>;

const publicArticleFields = z.omit(editorsArticleFields, STAFF_ONLY);
/** An article with its sanitized HTML body, as readers may see it. */
export const articleSchema = named('Article', publicArticleFields, 'A published article with its sanitized HTML.');
export type Article = z.output<typeof articleSchema>;

const summaryFields = z.omit(publicArticleFields, { content: true });
/** An article as listed (cards, feeds): everything but the HTML body. */
export const articleSummarySchema = named('ArticleSummary', summaryFields, 'An article as lists show it: everything but its HTML.');
export type ArticleSummary = z.output<typeof articleSummarySchema>;

/** An item of `GET /api/articles`: an Article, without `content` when asked for summaries, with the matched passage when asked. */
export const articleListItemSchema = named(
  'ArticleListItem',
  z.extend(summaryFields, {
    content: z.optional(about(z.string(), 'Sanitized HTML; left out with `fields=summary`.')),
    snippet: z.optional(about(z.string(), 'With `snippet=true` and `q`: the matched passage, matches in <mark>.')),
  }),
);

/** What search results and link previews show of an article; each falls back to title, excerpt, image. */
export type ArticleSeo = Pick<AdminArticle, 'metaTitle' | 'metaDescription' | 'socialImageUrl'>;

/** An article in the admin's list: no excerpt, no HTML (the editor loads the article itself). */
export const adminArticleRowSchema = named(
  'AdminArticleRow',
  z.pick(editorsArticleFields, {
    id: true,
    slug: true,
    title: true,
    author: true,
    category: true,
    featured: true,
    status: true,
    publishedAt: true,
    updatedAt: true,
    reviewState: true,
  }),
);
export type AdminArticleRow = z.output<typeof adminArticleRowSchema>;

/** An article's editable fields as one save left them (a revision's content). */
const snapshotFields = z.object(articleStoredShape);
export type ArticleSnapshot = z.output<typeof snapshotFields>;
/** A snapshot as stored: one kept before a field existed lacks that field. */
export const storedSnapshotSchema = named(
  'ArticleSnapshot',
  z.partial(snapshotFields),
  'An article’s editable fields as one save left them; a revision kept before a field existed lacks it.',
);
export type StoredSnapshot = z.output<typeof storedSnapshotSchema>;

const fieldName = z.enum(ARTICLE_FIELD_NAMES as [ArticleFieldName, ...ArticleFieldName[]]);

/** `baseline`: the article as it was before its history began. */
export const REVISION_ACTIONS = ['created', 'updated', 'restored', 'baseline'] as const;

const revisionRowFields = z.object({
  id: recordId,
  articleId: recordId,
  username: about(z.string(), 'Who saved it.'),
  action: about(z.enum(REVISION_ACTIONS), '`baseline`: the article as it was before its history began.'),
  changedFields: about(z.array(fieldName), 'The fields this save changed.'),
  title: z.string(),
  createdAt: isoDateTime,
});
/** One saved state of an article, as its history lists it. */
export const articleRevisionRowSchema = named('ArticleRevision', revisionRowFields, 'One saved state of an article, as its history lists it.');
export type ArticleRevisionRow = z.output<typeof articleRevisionRowSchema>;

/** A revision against the article as it is now: the fields that differ, and the text line by line. */
export const articleRevisionDiffSchema = namedObject('ArticleRevisionDiff', {
  revision: z.extend(revisionRowFields, { snapshot: storedSnapshotSchema }),
  fields: about(z.array(z.object({ field: fieldName, revision: z.string(), current: z.string() })), 'The fields besides the text that differ.'),
  content: about(
    z.array(z.object({ op: z.enum(['same', 'add', 'del']), text: z.string() })),
    'The text line by line: `del` only in the revision, `add` only now.',
  ),
});
export type ArticleRevisionDiff = z.output<typeof articleRevisionDiffSchema>;

/** The open editor's autosave of an article (or of the new article) for the signed-in user. */
export const autosaveSchema = namedObject('ArticleAutosave', {
  articleId: z.nullable(recordId),
  /** The saved version the editor started from (`updatedAt`), when it edits an article. */
  baseUpdatedAt: z.nullable(about(isoDateTime, 'The saved version the editor started from, when it edits an article.')),
  values: about(z.record(z.string(), z.unknown()), 'The form’s values as they stood.'),
  savedAt: isoDateTime,
});
export type ArticleAutosave = z.output<typeof autosaveSchema>;

/** An autosave kept: when, and whether the article was saved elsewhere since the editor opened it. */
export const autosaveKeptSchema = z.object({ savedAt: isoDateTime, stale: z.boolean() });

/** A private link to an article page as it is now, whatever its status. */
export const previewLinkSchema = z.object({ url: z.string(), expiresAt: isoDateTime });

/** An author's record: the byline name and what the author page (/author/{slug}) shows. */
export const authorSchema = namedObject('Author', 'An author: the byline name and what the author page (/author/{slug}) shows.', {
  id: recordId,
  slug: z.string(),
  name: z.string(),
  title: z.string(),
  bio: z.string(),
  photoUrl: z.nullable(z.string()),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Author = z.output<typeof authorSchema>;
