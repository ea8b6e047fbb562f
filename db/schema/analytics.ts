import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAndUpdated } from './columns.ts';

export const analyticsContentTypes = ['chart', 'dashboard', 'report', 'insight'] as const;

/** Editorial analytics items, published under Market Overview on /analytics. */
export const analyticsContent = sqliteTable(
  'analytics_content',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    type: text('type', { enum: analyticsContentTypes }).notNull().default('chart'),
    content: text('content').notNull(),
    metadata: text('metadata', { mode: 'json' })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    ...createdAndUpdated(),
  },
  // Newest first, a page at a time.
  (table) => [index('analytics_content_created_idx').on(table.createdAt)],
);
