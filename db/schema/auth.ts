import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { authors } from './authors.ts';
import { ownedBy, timestampNow } from './columns.ts';

/** Staff roles, most powerful first (what each may do: src/lib/staff/permissions.ts). */
export const STAFF_ROLES = ['owner', 'editor', 'author', 'contributor'] as const;

/**
 * Staff accounts. The first row is the spec's administrator (`ADMIN_USERNAME`), an owner;
 * the others come by invitation and sign in with their e-mail address as user name. The
 * password is stored only as an argon2id hash. A deactivated account keeps its row (its
 * bylines and revisions name it) but cannot sign in, and its sessions are gone.
 */
export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: STAFF_ROLES }).notNull().default('owner'),
  /** The person's name as the panel shows it; the byline is the linked author's name. */
  displayName: text('display_name').notNull().default(''),
  /** Where invitations' and resets' mails go; the first owner may have none. */
  email: text('email').unique(),
  /** The author record whose byline this person writes under. */
  authorId: integer('author_id').references(() => authors.id, { onDelete: 'set null' }),
  deactivatedAt: integer('deactivated_at', { mode: 'timestamp_ms' }),
  createdAt: timestampNow('created_at'),
  passwordChangedAt: timestampNow('password_changed_at'),
  /** The TOTP key, sealed with AES-256-GCM; set once two-factor sign-in is on. */
  totpKey: text('totp_key'),
  /** A key being enrolled, until its first code confirms it. */
  totpPendingKey: text('totp_pending_key'),
  /** The last time step a code was accepted for, so no code works twice. */
  totpLastStep: integer('totp_last_step'),
});

/** One-time recovery codes for two-factor sign-in; only their SHA-256 is stored. */
export const recoveryCodes = sqliteTable('recovery_codes', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: ownedBy('user_id', () => users.id),
  codeHash: text('code_hash').notNull(),
  usedAt: integer('used_at', { mode: 'timestamp_ms' }),
});

/**
 * Sessions, Lucia-style: the cookie carries `id.secret`; only the SHA-256 of the secret is
 * stored, compared in constant time. Sessions end at `expiresAt` (absolute) or after a
 * period without use (`lastUsedAt`).
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    userId: ownedBy('user_id', () => users.id),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** The browser it was opened in, as its user agent named it (cut to 200 characters), so a person can tell their sessions apart. */
    userAgent: text('user_agent').notNull().default(''),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);
