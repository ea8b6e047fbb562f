import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Small shared key/value state every web process reads, e.g. `content_version`, which keys
 * the memo of counts and totals (`cachedForContent`) so a publish refreshes them in all
 * processes at once.
 */
export const siteState = sqliteTable('site_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The log of page purges: each content change writes the tags of the pages it made stale.
 * Every web process reads what came after the last entry it applied and marks those pages
 * stale in its own cache; `shared_at` records that a shared cache in front (Varnish, a CDN)
 * was told, so a purge that failed is sent again. Old entries are pruned.
 */
export const pagePurges = sqliteTable(
  'page_purges',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Space-separated tags (see src/server/cache/tags.ts). */
    tags: text('tags').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    sharedAt: integer('shared_at', { mode: 'timestamp_ms' }),
  },
  (table) => [
    index('page_purges_unshared_idx')
      .on(table.id)
      .where(sql`${table.sharedAt} IS NULL`),
    index('page_purges_created_idx').on(table.createdAt),
  ],
);
