import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { articles } from './articles.ts';
import { ownedBy, timestampNow } from './columns.ts';

/** Reader comments; stored as plain text and shown publicly only once approved. */
export const comments = sqliteTable(
  'comments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    articleId: ownedBy('article_id', () => articles.id),
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email').notNull(),
    content: text('content').notNull(),
    approved: integer('approved', { mode: 'boolean' }).notNull().default(false),
    createdAt: timestampNow('created_at'),
  },
  (table) => [
    // An article's approved comments, a page at a time, and their count.
    index('comments_article_idx').on(table.articleId, table.approved, table.createdAt),
    // The moderation queue: pending (or approved) comments by time, or all of them.
    index('comments_moderation_idx').on(table.approved, table.createdAt),
    index('comments_time_idx').on(table.createdAt),
    // All of one article's comments by time, for the moderator (a busy article has thousands).
    index('comments_article_time_idx').on(table.articleId, table.createdAt),
  ],
);
