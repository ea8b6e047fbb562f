import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { ownedBy, timestampNow } from './columns.ts';

/** The administrator (one row); the password is stored only as an argon2id hash. */
export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
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
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);
