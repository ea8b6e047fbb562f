import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './auth.ts';
import { ownedBy, timestampNow, writtenOnArticle } from './columns.ts';

/**
 * Every saved state of an article: one row per create, update or restore, holding the
 * article's editable fields as they were saved (`snapshot`, JSON) and which of them the save
 * changed. No foreign key to `articles`: the history outlives a deleted article, so nothing
 * an editor saved is ever lost.
 */
export const articleRevisions = sqliteTable(
  'article_revisions',
  {
    ...writtenOnArticle(),
    action: text('action', { enum: ['created', 'updated', 'restored', 'baseline'] }).notNull(),
    /** Field names this save changed, JSON array. */
    changedFields: text('changed_fields').notNull().default('[]'),
    /** The article's editable fields after the save, JSON object. */
    snapshot: text('snapshot').notNull(),
    createdAt: timestampNow('created_at'),
  },
  // An article's history, newest first, paged from the index.
  (table) => [index('article_revisions_article_idx').on(table.articleId, table.id)],
);

/**
 * The open editor's autosave: one per user and article (`article:{id}`), or per user for the
 * article not yet created (`new`), overwritten every few seconds while the text changes and
 * dropped once the article is saved. `baseUpdatedAt` is the saved version it started from.
 */
export const articleAutosaves = sqliteTable(
  'article_autosaves',
  {
    userId: ownedBy('user_id', () => users.id),
    draftKey: text('draft_key').notNull(),
    articleId: integer('article_id'),
    baseUpdatedAt: integer('base_updated_at', { mode: 'timestamp_ms' }),
    /** The form's values, JSON object. */
    data: text('data').notNull(),
    savedAt: integer('saved_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.draftKey] })],
);
