// Column recipes the tables share, so each is written once: a time set by SQLite when the row
// is inserted, and a required reference to another table's id that goes with its row.
// Not re-exported by index.ts: these are builders, not tables.
import { sql } from 'drizzle-orm';
import { integer, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';

/** A required time (milliseconds since the epoch) that defaults to the moment of the insert. */
export const timestampNow = (name: string) =>
  integer(name, { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/** `created_at` and `updated_at`, both set at the insert (services set `updatedAt` on each change). */
export const createdAndUpdated = () => ({ createdAt: timestampNow('created_at'), updatedAt: timestampNow('updated_at') });

/**
 * A row written about an article by a member of the staff (a revision, a note): its id, the
 * article's and the person's ids and the person's name as it was. No foreign keys: the rows
 * outlive a deleted article or user.
 */
export const writtenOnArticle = () => ({
  id: integer('id').primaryKey({ autoIncrement: true }),
  articleId: integer('article_id').notNull(),
  /** Who wrote it (the name is kept as it was, should the user go). */
  userId: integer('user_id'),
  username: text('username').notNull(),
});

/** A required id of a row in another table; deleting that row deletes this one. */
export const ownedBy = (name: string, target: () => AnySQLiteColumn) => integer(name).notNull().references(target, { onDelete: 'cascade' });
