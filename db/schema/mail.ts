import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Every e-mail the site sends passes through this table: a service enqueues a row in the
 * same transaction as what causes it, and the mail job claims due rows with a lease, sends
 * them and records the outcome. A row is never deleted by sending, so no message is lost:
 * a failure is retried with backoff, and without SMTP the row is kept for the admin to read.
 */
export const outbox = sqliteTable(
  'outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** What the message is (confirmation, briefing, alert, editors, test), for the admin. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Extra headers (List-Unsubscribe and the like) as a JSON object of strings. */
    headers: text('headers').notNull().default('{}'),
    /** Makes a message unique (one briefing per subscriber and day); enqueueing it again changes nothing. */
    dedupeKey: text('dedupe_key'),
    /** pending: waits to be sent; sent; kept: no SMTP configured, readable in the admin; failed: gave up. */
    status: text('status', { enum: ['pending', 'sent', 'kept', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    /** The process sending it now, while its lease lasts. */
    leaseHolder: text('lease_holder'),
    leaseExpiresAt: integer('lease_expires_at', { mode: 'timestamp_ms' }),
    lastError: text('last_error').notNull().default(''),
    /** The Message-ID header, fixed at enqueue time, so a retried send carries the same one. */
    messageId: text('message_id').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('outbox_dedupe_key_unique').on(t.dedupeKey),
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_created_idx').on(t.createdAt, t.id),
  ],
);
