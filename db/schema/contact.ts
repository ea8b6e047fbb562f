import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestampNow } from './columns.ts';

/** Messages sent through /contact, read by the administrator. */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    subject: text('subject').notNull(),
    category: text('category').notNull(),
    message: text('message').notNull(),
    handled: integer('handled', { mode: 'boolean' }).notNull().default(false),
    createdAt: timestampNow('created_at'),
  },
  (table) => [index('contact_messages_time_idx').on(table.createdAt), index('contact_messages_handled_idx').on(table.handled, table.createdAt)],
);
