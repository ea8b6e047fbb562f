import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAndUpdated } from './columns.ts';

/** A link on an author's page: a label and an http(s) address. */
export interface AuthorLink {
  label: string;
  url: string;
}

/**
 * The newsroom's authors. An article names one (`articles.author_id`); its `author` text
 * stays the author's name, kept in step when the name changes, as the public API shows it.
 */
export const authors = sqliteTable('authors', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull().unique(),
  /** A job title ("Senior Oil & Gas Reporter"); empty when none. */
  title: text('title').notNull().default(''),
  bio: text('bio').notNull().default(''),
  /** An http(s) address or a path on this site; null when none. */
  photoUrl: text('photo_url'),
  links: text('links', { mode: 'json' })
    .$type<AuthorLink[]>()
    .notNull()
    .default(sql`'[]'`),
  ...createdAndUpdated(),
});
