import { sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Small shared key/value state every web process reads, e.g. `content_version`,
 * which keys the page caches so a publish invalidates them in all processes at once.
 */
export const siteState = sqliteTable('site_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
