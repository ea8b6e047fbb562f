import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { authors } from './authors.ts';
import { createdAndUpdated } from './columns.ts';

/** News categories; the six known slugs carry their own badge colors. */
export const categories = sqliteTable('categories', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  /** A short description the editor sets, shown on the topic page (`/category/{slug}`). */
  description: text('description').notNull().default(''),
});

/**
 * Articles. `content` is sanitised HTML; `contentText` is its plain text, kept for the
 * FTS5 index (`articles_fts`, created by a custom migration with its sync triggers).
 * Public reads show only `status = 'published'` rows whose `publishedAt` has passed.
 */
export const articles = sqliteTable(
  'articles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    content: text('content').notNull(),
    contentText: text('content_text').notNull().default(''),
    imageUrl: text('image_url'),
    /** The lead image's alternative text (required with an image from the library), caption and credit. */
    imageAlt: text('image_alt').notNull().default(''),
    imageCaption: text('image_caption').notNull().default(''),
    imageCredit: text('image_credit').notNull().default(''),
    author: text('author').notNull(),
    /** The author's record; null only for rows written around the service (its name is in `author`). */
    authorId: integer('author_id').references(() => authors.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('published'),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }).notNull(),
    /** Search and sharing: each falls back to the title, the excerpt and the image when unset. */
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    socialImageUrl: text('social_image_url'),
    /**
     * Raised each time the editor revokes the article's preview links: every link is signed
     * with the value it was made under, so raising it ends every link made before.
     */
    previewGeneration: integer('preview_generation').notNull().default(0),
    /** A draft's review: `submitted` waits in the editors' queue, `returned` went back with a note; null otherwise. */
    reviewState: text('review_state', { enum: ['submitted', 'returned'] }),
    ...createdAndUpdated(),
  },
  // Every public list is served by one of these, each covering the article id (SQLite adds
  // the rowid to every index), so pages, deep offsets and counts read index entries only.
  (table) => [
    index('articles_published_idx').on(table.status, table.publishedAt),
    index('articles_status_category_idx').on(table.status, table.categoryId, table.publishedAt),
    index('articles_status_featured_idx').on(table.status, table.featured, table.publishedAt),
    // An author's archive (/author/{slug}), as the category's above.
    index('articles_status_author_idx').on(table.status, table.authorId, table.publishedAt),
    // Full-text matches are checked for visibility here, never on the (large) article rows.
    index('articles_visibility_idx').on(table.id, table.status, table.publishedAt, table.categoryId),
    // The admin's lists: every status, by time, by category, by title. The id right after the
    // title keeps `ORDER BY title, id` in index order with the columns after it covered.
    index('articles_time_idx').on(table.publishedAt),
    index('articles_category_time_idx').on(table.categoryId, table.publishedAt),
    index('articles_title_idx').on(table.title),
    index('articles_status_title_idx').on(table.status, table.title, table.id, table.publishedAt),
    index('articles_category_title_idx').on(table.categoryId, table.title, table.id, table.status, table.publishedAt),
    // The sitemap files: public articles oldest first with what each URL needs, from the index alone.
    index('articles_sitemap_idx').on(table.status, table.publishedAt, table.id, table.slug, table.updatedAt),
    // The review queue, oldest submission first; a writer's own articles (authors and contributors see theirs).
    index('articles_review_idx').on(table.reviewState, table.updatedAt),
    index('articles_author_time_idx').on(table.authorId, table.publishedAt),
  ],
);
