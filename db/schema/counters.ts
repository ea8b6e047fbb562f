import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Running totals kept by triggers on the tables they count (pending and approved comments,
 * unhandled and all contact messages), so the admin's tab labels and list totals never
 * count a large table.
 */
export const counters = sqliteTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});
