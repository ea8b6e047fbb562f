import { index, integer, primaryKey, sqliteTable } from 'drizzle-orm/sqlite-core';
import { articles } from './articles.ts';
import { ownedBy } from './columns.ts';

/**
 * Each article's related stories, computed when the article is saved (and for older articles
 * by a background pass), so an article page reads them by key instead of searching the archive
 * on every render: `position` 0 is the closest. Readers see only those still public; the
 * topic's newest fill the rest. A story that is deleted leaves every list it was in.
 */
export const relatedArticles = sqliteTable(
  'related_articles',
  {
    articleId: ownedBy('article_id', () => articles.id),
    position: integer('position').notNull(),
    relatedId: ownedBy('related_id', () => articles.id),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.position] }),
    // The lists a story is in: for the cascade when it is deleted, and to refresh them when it changes.
    index('related_articles_related_idx').on(table.relatedId),
  ],
);
