import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { authors } from './authors.ts';
import { STAFF_ROLES, users } from './auth.ts';
import { ownedBy, timestampNow, writtenOnArticle } from './columns.ts';

/**
 * Invitations to join the staff: a single-use link mailed to `email` (only the SHA-256 of its
 * token is stored) that makes an account with `role` when accepted before `expiresAt`.
 */
export const staffInvitations = sqliteTable(
  'staff_invitations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    /** An existing author record the person will write under; null makes one on acceptance. */
    authorId: integer('author_id').references(() => authors.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestampNow('created_at'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('staff_invitations_email_idx').on(table.email)],
);

/** Password resets: a single-use link mailed to the account's address; only the token's SHA-256 is stored. */
export const passwordResets = sqliteTable('password_resets', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: ownedBy('user_id', () => users.id),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestampNow('created_at'),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  usedAt: integer('used_at', { mode: 'timestamp_ms' }),
});

/**
 * The audit trail: who did what and when. Rows are only ever inserted: triggers (migration
 * 'audit_log_append_only') refuse every update, and every delete of a row less than 400 days
 * old. `actorName` keeps the name as it was; `detail` is a small JSON object.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    summary: text('summary').notNull().default(''),
    address: text('address'),
  },
  // Newest first, all of it or one action or one person's.
  (table) => [index('audit_log_action_idx').on(table.action, table.id), index('audit_log_actor_idx').on(table.actorId, table.id)],
);

/**
 * Editorial notes on an article, for staff only: the conversation of a review (a contributor's
 * submission, an editor's "returned" with what to change). `revisionId` is the article's
 * latest revision when the note was written, so the notes read alongside its history; like
 * revisions they outlive a deleted article.
 */
export const articleNotes = sqliteTable(
  'article_notes',
  {
    ...writtenOnArticle(),
    kind: text('kind', { enum: ['note', 'submitted', 'returned', 'published', 'scheduled'] }).notNull(),
    body: text('body').notNull().default(''),
    revisionId: integer('revision_id'),
    createdAt: timestampNow('created_at'),
  },
  (table) => [index('article_notes_article_idx').on(table.articleId, table.id)],
);
