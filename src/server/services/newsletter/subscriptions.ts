import { createHash, randomBytes } from 'node:crypto';
import { SERIES_SLUGS } from '@/lib/series-catalog';
import { byChoice, type EditionChoice } from '@/lib/mail-editions';
import type { AdminPage } from '@/lib/wire/common';
import type { AdminSubscriber, SubscriberPreferences } from '@/lib/wire/newsletter';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_COUNT_CAP, type AdminSubscriberListQuery } from '@/lib/validation/admin-lists';
import { adminOffsetOf, adminPage } from '@/server/admin-lists';
import type { DataAlerts, NewsletterPreferences, NewsletterSubscribe, PriceAlert } from '@/lib/validation/newsletter';
import { GAS_STORAGE_SLUG, parseStatePriceSubject, statePriceSubject } from '@/lib/data-alerts';
import { HONEYPOT_FIELD } from '@/lib/validation/text';
import { appConfig } from '@/server/config';
import { writeTransaction, type Executor } from '@/server/db';
import { ConflictError, NotFoundError, ValidationError, messages } from '@/server/errors';
import {
  confirmSubscriberByHash,
  getSubscriberByConfirmHash,
  getSubscriberByEmail,
  getSubscriberByManageHash,
  countSubscribers,
  deleteSubscriberById,
  insertSubscriber,
  listAlertsOfSubscriber,
  listSubscriberRows,
  replaceAlertsOfSubscriber,
  updateSubscriber,
  type SubscriberListRow,
  type SubscriberRow,
} from '@/server/queries/subscribers';
import { listCategories } from '@/server/queries/categories';
import {
  listDataAlertsOfSubscriber,
  replaceDataAlertsOfSubscriber,
  type NewSubscriberDataAlert,
  type SubscriberDataAlertRow,
} from '@/server/queries/subscriber-data-alerts';
import { asWire } from '@/server/queries/rows';
import { listSeriesBySlugs } from '@/server/queries/market';
import { RATE_RULES, mailboxOf, takeRateLimit } from '@/server/services/rate-limits/recorded';
import { renderMailHtml, renderMailText, type MailDocument } from '@/server/services/mail/layout';
import type { MailMessage } from '@/server/mail-message';
import { enqueueMail } from '@/server/services/mail/outbox';
import { actorOf, audit } from '@/server/services/staff/audit';
import type { SessionUser } from '@/server/auth/session';
import { manageTokenOf, TEST_SEND_SALT, TEST_SEND_TOKEN, TOKEN_MADE_AT_SENDING } from '@/server/auth/reader-tokens';

/** How long a confirmation link works. */
export const CONFIRM_TOKEN_MS = 48 * 3_600_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const randomToken = () => randomBytes(32).toString('base64url');

/** The reader a test send goes to: any address, with the test links. */
export function testReader(email: string): Pick<SubscriberRow, 'id' | 'email' | 'tokenSalt'> {
  return { id: 0, email, tokenSalt: TEST_SEND_SALT };
}

/** Whether a link's token is the test send's. */
export function isTestSendToken(token: string): boolean {
  return token === TEST_SEND_TOKEN;
}

/** A subscriber's preferences and unsubscribe pages, as paths (the site's own pages link to them so). */
export function subscriberPaths(subscriber: Pick<SubscriberRow, 'tokenSalt'>): { preferences: string; unsubscribe: string } {
  const token = manageTokenOf(subscriber);
  return { preferences: `/newsletter/preferences?token=${token}`, unsubscribe: `/newsletter/unsubscribe?token=${token}` };
}

/** The links every message to a subscriber carries, as queued: the token is put in at sending (the test send's are its own). */
export function subscriberLinks(subscriber: Pick<SubscriberRow, 'tokenSalt'>): { preferences: string; unsubscribe: string } {
  const token = subscriber.tokenSalt === TEST_SEND_SALT ? TEST_SEND_TOKEN : TOKEN_MADE_AT_SENDING;
  const site = appConfig().siteUrl;
  return { preferences: `${site}/newsletter/preferences?token=${token}`, unsubscribe: `${site}/newsletter/unsubscribe?token=${token}` };
}

/** The headers of RFC 2369 and RFC 8058 one-click unsubscribe, for every message to a subscriber (token as in `subscriberLinks`). */
export function unsubscribeHeaders(subscriber: Pick<SubscriberRow, 'tokenSalt'>): Record<string, string> {
  return { 'List-Unsubscribe': `<${subscriberLinks(subscriber).unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * A mail to a subscriber: `document` (its footer carrying their links) as text and HTML, under its
 * title unless `message` says another subject, with the one-click unsubscribe headers and the
 * manage link the mail job fills in.
 */
export function subscriberMessage(
  subscriber: Pick<SubscriberRow, 'id' | 'email' | 'tokenSalt'>,
  document: MailDocument,
  message: Pick<MailMessage, 'kind' | 'dedupeKey'> & Partial<Pick<MailMessage, 'subject' | 'inlineImages'>>,
): MailMessage {
  return {
    to: subscriber.email,
    subject: document.title,
    text: renderMailText(document),
    html: renderMailHtml(document),
    headers: unsubscribeHeaders(subscriber),
    ...manageLinkOf(subscriber),
    ...message,
  };
}

/** The link a message to a subscriber asks the mail job to fill in: its manage token (none for the test send's reader). */
export function manageLinkOf(subscriber: Pick<SubscriberRow, 'id' | 'tokenSalt'>): Pick<MailMessage, 'link'> {
  return subscriber.tokenSalt === TEST_SEND_SALT ? {} : { link: { kind: 'newsletter-manage', ref: subscriber.id } };
}

function newSalt(): { tokenSalt: string; manageTokenHash: string } {
  const tokenSalt = randomToken();
  return { tokenSalt, manageTokenHash: sha256(manageTokenOf({ tokenSalt })) };
}

/** The confirmation message; its link's token is made by the mail job when it sends it (only its hash is stored). */
async function enqueueConfirmation(email: string, subscriberId: number, tx: Executor, now: Date): Promise<void> {
  const link = `${appConfig().siteUrl}/newsletter/confirm?token=${TOKEN_MADE_AT_SENDING}`;
  await enqueueMail(
    {
      kind: 'confirmation',
      link: { kind: 'newsletter-confirm', ref: subscriberId },
      to: email,
      subject: 'Confirm your EnergyPulse subscription',
      text: `Please confirm that you want EnergyPulse e-mail at this address:\n\n${link}\n\nThe link works for 48 hours. If you did not ask for this, ignore this message and nothing more will be sent.\n`,
      html: `<p>Please confirm that you want EnergyPulse e-mail at this address:</p><p><a href="${link}">Confirm my subscription</a></p><p>The link works for 48 hours. If you did not ask for this, ignore this message and nothing more will be sent.</p>`,
    },
    tx,
    now,
  );
}

/**
 * Takes a subscription. The answer is the same whether or not the address is known (no
 * address enumeration): a new or pending address gets a (new) confirmation message, an
 * active one gets its choices updated only after it confirms again, and nothing else is sent
 * before confirmation. Limited per client address and per mailbox (however its address is
 * written: `mailboxOf`), so the form cannot flood someone's mailbox; a filled honeypot is
 * accepted silently and stores nothing.
 */
export async function subscribeToNewsletter(input: NewsletterSubscribe, clientAddress: string, now: Date = new Date()): Promise<{ ok: true }> {
  if (input[HONEYPOT_FIELD]) return { ok: true };
  const email = input.email.toLowerCase();
  await writeTransaction(async (tx) => {
    await Promise.all([
      takeRateLimit(tx, 'newsletter', clientAddress, RATE_RULES.newsletter, now),
      takeRateLimit(tx, 'newsletter-email', mailboxOf(email), RATE_RULES.newsletterEmail, now),
    ]);
    const choices = { ...choicesOf(input), topics: JSON.stringify(input.topics) };
    // The link's token is made when its message is sent: until then no link works (an older one no longer does).
    const confirm = { confirmTokenHash: null, confirmExpiresAt: new Date(now.getTime() + CONFIRM_TOKEN_MS) };
    const existing = await getSubscriberByEmail(email, tx);
    let id: number;
    if (!existing) {
      id = await insertSubscriber({ email, ...choices, ...confirm, ...newSalt(), createdAt: now }, tx);
    } else if (existing.status === 'active') {
      // Choices of an active subscriber change through the preferences page; a new confirmation proves the address again.
      id = existing.id;
      await updateSubscriber(id, confirm, tx);
    } else {
      id = existing.id;
      await updateSubscriber(id, { ...choices, ...confirm, status: 'pending', unsubscribedAt: null }, tx);
    }
    await enqueueConfirmation(email, id, tx, now);
  });
  return { ok: true };
}

/**
 * What a confirm link is: `ready` to confirm, `already` confirmed (the link was used), `expired`
 * (older than 48 hours; subscribe again) or `unknown` (never issued, superseded by a newer
 * link, or the address unsubscribed since).
 */
export type ConfirmState = 'ready' | 'already' | 'expired' | 'unknown';

function confirmStateOf(row: SubscriberRow | undefined, now: Date): ConfirmState {
  if (!row) return 'unknown';
  if (row.confirmExpiresAt === null) return row.status === 'active' ? 'already' : 'unknown';
  return row.confirmExpiresAt.getTime() <= now.getTime() ? 'expired' : 'ready';
}

/** What a confirm link is, changing nothing (the confirm page's GET: a mail scanner's prefetch must not confirm). */
export async function checkConfirmToken(token: string, now: Date = new Date()): Promise<ConfirmState> {
  return confirmStateOf(await getSubscriberByConfirmHash(sha256(token)), now);
}

/**
 * Confirms a subscription by the token of its link. `confirmed` with the subscriber (whose
 * preferences link the page offers next), or why not.
 */
export function confirmSubscription(
  token: string,
  now: Date = new Date(),
): Promise<{ state: 'confirmed'; subscriber: SubscriberRow } | { state: Exclude<ConfirmState, 'ready'> }> {
  return writeTransaction(async (tx) => {
    const hash = sha256(token);
    const confirmed = await confirmSubscriberByHash(hash, now, tx);
    if (confirmed) return { state: 'confirmed' as const, subscriber: confirmed };
    const state = confirmStateOf(await getSubscriberByConfirmHash(hash, tx), now);
    return { state: state === 'ready' ? 'unknown' : state };
  });
}

/** The subscriber a preferences or unsubscribe link names. */
export function getSubscriberByManageToken(token: string): Promise<SubscriberRow | undefined> {
  return getSubscriberByManageHash(sha256(token));
}

/** Unsubscribes at once (idempotent; RFC 8058 one-click); false for an unknown token. */
export function unsubscribeByToken(token: string, now: Date = new Date()): Promise<boolean> {
  return writeTransaction(async (tx) => {
    const subscriber = await getSubscriberByManageHash(sha256(token), tx);
    if (!subscriber) return false;
    if (subscriber.status !== 'unsubscribed')
      await updateSubscriber(subscriber.id, { status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null }, tx);
    return true;
  });
}

/** Which editions a reader chose (a form's, the API's or a stored row's), each choice of the catalog and nothing else. */
const choicesOf = (source: Readonly<Record<EditionChoice, boolean>>): Record<EditionChoice, boolean> => byChoice((edition) => source[edition.choice]);

/** The followed topics stored as a JSON array; anything unreadable is none. */
export function topicsOf(row: Pick<SubscriberRow, 'topics'>): string[] {
  try {
    const parsed: unknown = JSON.parse(row.topics);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** The preferences a manage link opens, or undefined for an unknown link. */
export async function getPreferencesByToken(token: string): Promise<SubscriberPreferences | undefined> {
  const subscriber = await getSubscriberByManageToken(token);
  if (!subscriber) return undefined;
  const [alerts, dataAlerts] = await Promise.all([listAlertsOfSubscriber(subscriber.id), listDataAlertsOfSubscriber(subscriber.id)]);
  return preferencesOf(subscriber, alerts, dataAlertsOf(dataAlerts));
}

/** A reader's stored data alerts as the preferences say them. */
export function dataAlertsOf(rows: readonly Pick<SubscriberDataAlertRow, 'kind' | 'subject' | 'value'>[]): DataAlerts {
  return {
    storageRange: rows.some((r) => r.kind === 'storage-range'),
    demandRecords: rows.filter((r) => r.kind === 'demand-record').map((r) => r.subject),
    statePrices: rows.filter((r) => r.kind === 'state-price').map((r) => ({ ...parseStatePriceSubject(r.subject), percent: r.value ?? 0 })),
  };
}

/** The rows that store a reader's data alerts (`subscriber_data_alerts`). */
export function dataAlertRowsOf(alerts: DataAlerts): NewSubscriberDataAlert[] {
  return [
    ...(alerts.storageRange ? [{ kind: 'storage-range' as const, subject: GAS_STORAGE_SLUG, value: null }] : []),
    ...alerts.demandRecords.map((code) => ({ kind: 'demand-record' as const, subject: code, value: null })),
    ...alerts.statePrices.map((a) => ({ kind: 'state-price' as const, subject: statePriceSubject(a.state, a.sector), value: a.percent })),
  ];
}

function preferencesOf(subscriber: SubscriberRow, alerts: readonly PriceAlert[], dataAlerts: DataAlerts): SubscriberPreferences {
  return {
    email: subscriber.email,
    status: subscriber.status,
    ...choicesOf(subscriber),
    topics: topicsOf(subscriber),
    alerts: alerts.map(({ seriesSlug, kind, value }) => ({ seriesSlug, kind, value })),
    dataAlerts,
  };
}

/**
 * Saves a reader's choices, topics, price alerts and data alerts (each list replaces the stored
 * one; choices and data alerts left out stay as they are). The
 * token authorizes; an unknown one is a 404, an unsubscribed address a 409 (saving does not
 * quietly subscribe it again: that takes a new confirmation). Topics must exist.
 */
export async function savePreferences(input: NewsletterPreferences, now: Date = new Date()): Promise<SubscriberPreferences> {
  const known = new Set((await listCategories()).map((c) => c.slug));
  if (input.topics.some((slug) => !known.has(slug))) throw new ValidationError({ topics: [messages.newsletterUnknownTopic] });
  const topics = [...new Set(input.topics)];
  return writeTransaction(async (tx) => {
    const subscriber = await getSubscriberByManageHash(sha256(input.token), tx);
    if (!subscriber) throw new NotFoundError(messages.newsletterLinkInvalid);
    if (subscriber.status === 'unsubscribed') throw new ConflictError(messages.newsletterUnsubscribed);
    // A choice the save leaves out (a client older than its edition) stays as it is.
    const choices = byChoice((edition) => input[edition.choice] ?? subscriber[edition.choice]);
    await updateSubscriber(subscriber.id, { ...choices, topics: JSON.stringify(topics) }, tx);
    await replaceAlertsOfSubscriber(subscriber.id, input.alerts, now, tx);
    if (input.dataAlerts) await replaceDataAlertsOfSubscriber(subscriber.id, dataAlertRowsOf(input.dataAlerts), now, tx);
    const dataAlerts = input.dataAlerts ?? dataAlertsOf(await listDataAlertsOfSubscriber(subscriber.id, tx));
    return preferencesOf({ ...subscriber, ...choices, topics: JSON.stringify(topics) }, input.alerts, dataAlerts);
  });
}

const toAdminSubscriber = (row: SubscriberListRow): AdminSubscriber => ({ ...asWire(row), topics: topicsOf(row) });

/** A page of the admin's subscriber list (50), with its total; a search's total is capped like the other lists'. */
export async function listSubscribersForAdmin(query: AdminSubscriberListQuery): Promise<AdminPage<AdminSubscriber>> {
  const filter = { q: query.q, status: query.status };
  const [rows, total] = await Promise.all([
    listSubscriberRows({ filter, sort: query.sort, limit: ADMIN_PAGE_SIZE, offset: adminOffsetOf(query.page) }),
    countSubscribers(filter, query.q ? ADMIN_SEARCH_COUNT_CAP : undefined),
  ]);
  return adminPage(rows.map(toAdminSubscriber), query.page, total, Boolean(query.q));
}

/**
 * Removes a subscriber for good (their alerts go with them); 404 when there is none. The audit
 * trail records who did it and the subscriber's number, not their address: the trail is kept
 * for years, and a reader removed must not stay in it.
 */
export async function removeSubscriber(id: number, user: SessionUser): Promise<void> {
  const removed = await writeTransaction(async (tx) => {
    if (!(await deleteSubscriberById(id, tx))) return false;
    await audit(actorOf(user), 'subscriber_deleted', { type: 'subscriber', id, summary: `Subscriber #${id}` }, undefined, tx);
    return true;
  });
  if (!removed) throw new NotFoundError(messages.subscriberNotFound);
}

/** The topics a reader may follow, for the sign-up and preferences pages. */
export function listNewsletterTopics(): Promise<{ slug: string; name: string }[]> {
  return listCategories();
}

/** The series a price alert may watch (the catalog's, as stored), with their names and units. */
export async function listAlertSeries(): Promise<{ slug: string; name: string; unit: string }[]> {
  const rows = await listSeriesBySlugs(SERIES_SLUGS);
  return SERIES_SLUGS.flatMap((slug) => {
    const row = rows.find((r) => r.slug === slug);
    return row ? [{ slug, name: row.name, unit: row.unit }] : [];
  });
}
