import { createHash, randomBytes } from 'node:crypto';
import type { NewsletterSubscribe } from '@/lib/validation/newsletter';
import { HONEYPOT_FIELD } from '@/lib/validation/text';
import { appConfig } from '@/server/config';
import { writeTransaction, type Executor } from '@/server/db';
import {
  confirmSubscriberByHash,
  getSubscriberByEmail,
  getSubscriberByManageHash,
  insertSubscriber,
  updateSubscriber,
  type SubscriberRow,
} from '@/server/queries/subscribers';
import { RATE_RULES, takeRateLimit } from '@/server/rate-limit';
import { fingerprint } from '@/server/secret-box';
import { enqueueMail } from '@/server/services/mail';

/** How long a confirmation link works. */
export const CONFIRM_TOKEN_MS = 48 * 3_600_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const randomToken = () => randomBytes(32).toString('base64url');

/** The token of a subscriber's preferences and unsubscribe links (derived, so every message can carry it). */
export function manageTokenOf(subscriber: Pick<SubscriberRow, 'tokenSalt'>): string {
  return fingerprint('newsletter-manage', subscriber.tokenSalt);
}

/** The links every message to a subscriber carries. */
export function subscriberLinks(subscriber: Pick<SubscriberRow, 'tokenSalt'>): { preferences: string; unsubscribe: string } {
  const token = manageTokenOf(subscriber);
  const site = appConfig().siteUrl;
  return { preferences: `${site}/newsletter/preferences?token=${token}`, unsubscribe: `${site}/newsletter/unsubscribe?token=${token}` };
}

/** The headers of RFC 2369 and RFC 8058 one-click unsubscribe, for every message to a subscriber. */
export function unsubscribeHeaders(subscriber: Pick<SubscriberRow, 'tokenSalt'>): Record<string, string> {
  return { 'List-Unsubscribe': `<${subscriberLinks(subscriber).unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function newSalt(): { tokenSalt: string; manageTokenHash: string } {
  const tokenSalt = randomToken();
  return { tokenSalt, manageTokenHash: sha256(manageTokenOf({ tokenSalt })) };
}

async function enqueueConfirmation(email: string, token: string, tx: Executor, now: Date): Promise<void> {
  const link = `${appConfig().siteUrl}/newsletter/confirm?token=${token}`;
  await enqueueMail(
    {
      kind: 'confirmation',
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
 * before confirmation. Limited per client address and per e-mail address, so the form cannot
 * flood someone's mailbox; a filled honeypot is accepted silently and stores nothing.
 */
export async function subscribeToNewsletter(input: NewsletterSubscribe, clientAddress: string, now: Date = new Date()): Promise<{ ok: true }> {
  if (input[HONEYPOT_FIELD]) return { ok: true };
  const email = input.email.toLowerCase();
  await writeTransaction(async (tx) => {
    await Promise.all([
      takeRateLimit(tx, 'newsletter', clientAddress, RATE_RULES.newsletter, now),
      takeRateLimit(tx, 'newsletter-email', email, RATE_RULES.newsletterEmail, now),
    ]);
    const token = randomToken();
    const choices = {
      dailyBriefing: input.dailyBriefing,
      weeklyRoundup: input.weeklyRoundup,
      priceAlerts: input.priceAlerts,
      topics: JSON.stringify(input.topics),
    };
    const confirm = { confirmTokenHash: sha256(token), confirmExpiresAt: new Date(now.getTime() + CONFIRM_TOKEN_MS) };
    const existing = await getSubscriberByEmail(email, tx);
    if (!existing) {
      await insertSubscriber({ email, ...choices, ...confirm, ...newSalt(), createdAt: now }, tx);
    } else if (existing.status === 'active') {
      // Choices of an active subscriber change through the preferences page; a new confirmation proves the address again.
      await updateSubscriber(existing.id, confirm, tx);
    } else {
      await updateSubscriber(existing.id, { ...choices, ...confirm, status: 'pending', unsubscribedAt: null }, tx);
    }
    await enqueueConfirmation(email, token, tx, now);
  });
  return { ok: true };
}

/** Confirms a subscription by the token of its link; the subscriber, or undefined for an unknown or expired token. */
export function confirmSubscription(token: string, now: Date = new Date()): Promise<SubscriberRow | undefined> {
  return writeTransaction((tx) => confirmSubscriberByHash(sha256(token), now, tx));
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
