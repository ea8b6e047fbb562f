import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './auth.ts';
import { timestampNow } from './columns.ts';

/**
 * An image in the media library. Its files live in the media storage under `key`: the
 * original (re-encoded, metadata stripped) and resized variants, named by `variants`.
 */
export const media = sqliteTable(
  'media',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Folder of the image's files in the storage, e.g. `2026/11/k3j9x0a1b2c3`. */
    key: text('key').notNull().unique(),
    /** The uploaded file's name, for the editor's eyes only. */
    filename: text('filename').notNull(),
    /** jpeg, png, webp or avif: what the content is, whatever the name said. */
    format: text('format', { enum: ['jpeg', 'png', 'webp', 'avif'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Size of the stored original, in bytes. */
    bytes: integer('bytes').notNull(),
    /** Widths of the resized copies, each stored as AVIF and WebP (JSON array, narrowest first). */
    variants: text('variants', { mode: 'json' }).$type<number[]>().notNull(),
    alt: text('alt').notNull().default(''),
    caption: text('caption').notNull().default(''),
    credit: text('credit').notNull().default(''),
    /** Who uploaded it (none for images older than staff accounts): authors edit and delete only their own. */
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestampNow('created_at'),
  },
  (table) => [index('media_time_idx').on(table.createdAt)],
);
