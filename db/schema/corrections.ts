import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { articles } from './articles.ts';
import { users } from './auth.ts';
import { ownedBy, timestampNow } from './columns.ts';

/**
 * Dated corrections of published articles ("Correction, Nov 24, 2026: an earlier version
 * said…"), added by an editor and shown under the article's text, in its feed items, in its
 * structured data and on `/corrections`. A deleted article takes its corrections with it.
 */
export const corrections = sqliteTable(
  'corrections',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    articleId: ownedBy('article_id', () => articles.id),
    /** Plain text, as readers see it. */
    text: text('text').notNull(),
    /** The correction's date: readers see it, and the article's "Updated" date follows the newest. */
    createdAt: timestampNow('created_at'),
    /** The editor who added it; null when unknown (moved from the old one-field correction) or the account is gone. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // An article's corrections, newest first (its page, its feed items, the editor's list).
    index('corrections_article_idx').on(table.articleId, table.createdAt),
    // The corrections page: every correction newest first, paged.
    index('corrections_created_idx').on(table.createdAt),
  ],
);
