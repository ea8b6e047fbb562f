import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { DATA_ALERT_KINDS, MAIL_LINK_KINDS } from '../constants.ts';
import { ownedBy } from './columns.ts';

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
    /**
     * A mail with a link that acts for its recipient: a staff mail's single-use link
     * (`src/server/services/staff/link-mail.ts`), a reader's confirmation, preferences or
     * unsubscribe link (`src/server/services/newsletter/reader-links.ts`). The mail job makes
     * or fills in the link's token when it sends the message, and only a hash of a made token is
     * stored, so the bodies kept here (and in every backup) never hold a usable link. Null for
     * other mail.
     */
    link: text('link', { enum: MAIL_LINK_KINDS }),
    /** What the link opens: the invitation's id, the subscriber's id (a reset link goes to the account of `toAddress`). */
    linkRef: integer('link_ref'),
    /**
     * Images the HTML shows inline (`cid:` addresses): a JSON array of `{ cid, key, filename }`, each
     * PNG stored once in the media storage under `key` (a briefing's chart is one file for every
     * reader), attached when the message is sent.
     */
    inlineImages: text('inline_images').notNull().default('[]'),
  },
  (t) => [
    uniqueIndex('outbox_dedupe_key_unique').on(t.dedupeKey),
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_created_idx').on(t.createdAt, t.id),
    // The admin's filters, newest first: by kind, by status, by recipient.
    index('outbox_kind_created_idx').on(t.kind, t.createdAt, t.id),
    index('outbox_status_created_idx').on(t.status, t.createdAt, t.id),
    index('outbox_to_created_idx').on(t.toAddress, t.createdAt, t.id),
    // The messages that name inline images (mail charts), for the hourly cleanup: once a message is
    // done with its images its list is emptied, so this index holds only the few still to clean.
    index('outbox_images_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.inlineImages} <> '[]'`),
  ],
);

/**
 * When each mail chart (a file in the media storage, named by its content's hash) was last
 * stored: a mailing stores its charts before it queues the messages naming them, so the cleanup
 * leaves a chart stored within the hour alone even when only messages already sent name it.
 */
export const mailCharts = sqliteTable('mail_charts', {
  key: text('key').primaryKey(),
  storedAt: integer('stored_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * Newsletter readers. Double opt-in: a row starts `pending` with a confirm token (random,
 * only its SHA-256 stored, expiring) and nothing but the confirmation is sent until it is
 * `active`. Links to the preferences page and unsubscribe carry a manage token derived
 * from `tokenSalt` with the app key; its SHA-256 is stored to find the row, and a new salt
 * revokes every old link.
 */
export const subscribers = sqliteTable(
  'subscribers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Lowercased. */
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'active', 'unsubscribed'] })
      .notNull()
      .default('pending'),
    dailyBriefing: integer('daily_briefing', { mode: 'boolean' }).notNull().default(true),
    weeklyRoundup: integer('weekly_roundup', { mode: 'boolean' }).notNull().default(false),
    priceAlerts: integer('price_alerts', { mode: 'boolean' }).notNull().default(false),
    gridWeekly: integer('grid_weekly', { mode: 'boolean' }).notNull().default(false),
    /** Followed category slugs, as a JSON array. */
    topics: text('topics').notNull().default('[]'),
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: integer('confirm_expires_at', { mode: 'timestamp_ms' }),
    tokenSalt: text('token_salt').notNull(),
    manageTokenHash: text('manage_token_hash').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    unsubscribedAt: integer('unsubscribed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('subscribers_email_unique').on(t.email),
    uniqueIndex('subscribers_confirm_token_unique').on(t.confirmTokenHash),
    uniqueIndex('subscribers_manage_token_unique').on(t.manageTokenHash),
    index('subscribers_status_created_idx').on(t.status, t.createdAt, t.id),
    /** The mailings' walk: active readers by id from a cursor (`listAudienceAfter`), a batch at a time. */
    index('subscribers_status_id_idx').on(t.status, t.id),
    /** The admin's list of every subscriber, newest or oldest first. */
    index('subscribers_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * A reader's price alert on one series (`market-data` slug): told after an import when the
 * latest value crosses `value` going `above` or `below` it, or, for `move`, when it changed
 * from the observation before by more than `value` percent either way.
 */
export const subscriberAlerts = sqliteTable(
  'subscriber_alerts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriberId: ownedBy('subscriber_id', () => subscribers.id),
    seriesSlug: text('series_slug').notNull(),
    kind: text('kind', { enum: ['above', 'below', 'move'] }).notNull(),
    /** The threshold in the series' unit, or the percentage for `move`. */
    value: real('value').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('subscriber_alerts_series_idx').on(t.seriesSlug, t.subscriberId), index('subscriber_alerts_subscriber_idx').on(t.subscriberId)],
);

/**
 * A reader's alert on the data desk's figures (`src/lib/data-alerts.ts`): `storage-range` (gas
 * storage leaving its five-year range; subject `gas-storage`), `demand-record` (a grid region's
 * hourly demand record; subject the region's EIA code) or `state-price` (a state's monthly price
 * of a sector moving by more than `value` percent; subject `TX/RES`). Subjects of different
 * kinds never collide, so the alert job finds the readers of an event by subject alone.
 */
export const subscriberDataAlerts = sqliteTable(
  'subscriber_data_alerts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriberId: ownedBy('subscriber_id', () => subscribers.id),
    kind: text('kind', { enum: DATA_ALERT_KINDS }).notNull(),
    subject: text('subject').notNull(),
    /** The percentage of a `state-price` move; null for the other kinds. */
    value: real('value'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    /** The alert job's walk: the readers of some subjects, by subscriber id from a cursor. */
    index('subscriber_data_alerts_subject_idx').on(t.subject, t.subscriberId),
    index('subscriber_data_alerts_subscriber_idx').on(t.subscriberId),
  ],
);
