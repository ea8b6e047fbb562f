import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Accepted submissions (and, for sign-in, failed attempts) per client, kept in the
 * database so every web process enforces the same limits.
 */
export const rateLimitEvents = sqliteTable(
  'rate_limit_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** What is limited: "comment", "contact", "login". */
    bucket: text('bucket').notNull(),
    /** Who: a client address, or address and user name. */
    subject: text('subject').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('rate_limit_events_lookup_idx').on(table.bucket, table.subject, table.at)],
);
