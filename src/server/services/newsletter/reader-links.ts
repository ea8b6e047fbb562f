import { createHash, randomBytes } from 'node:crypto';
import type { ReaderLinkKind } from '@db/constants';
import type { Executor } from '@/server/db';
import { getSubscriberById, setConfirmTokenHash } from '@/server/queries/subscribers';
import { manageTokenOf, TOKEN_MADE_AT_SENDING } from '@/server/auth/reader-tokens';
import type { LinkComposition, MailBodies } from '@/server/mail-message';

// A reader's links are put in their mail by the mail job when it sends it, as the staff's are
// (`staff/link-mail.ts`): the confirmation link's token is made then (only its SHA-256 is
// stored, on the subscriber), the preferences and unsubscribe links get the subscriber's manage
// token then (derived from its salt with the app key, never stored). The outbox keeps the message
// as it was queued, with `?token=made-at-sending` in place of each token: its admin view, its
// exports and every backup hold no link that acts for the reader.

const PLACEHOLDER = `token=${TOKEN_MADE_AT_SENDING}`;

/** A stored body with the token in place of the placeholder. */
const withToken = (body: string, token: string) => body.replaceAll(PLACEHOLDER, `token=${token}`);

/** The row's subject and bodies as stored. */
const storedBodies = (row: { subject: string; textBody: string; htmlBody: string | null }): MailBodies => ({
  subject: row.subject,
  text: row.textBody,
  html: row.htmlBody,
});

/**
 * What the mail job does with a reader's message (`mint`: false without SMTP, when it is kept
 * instead, and no token is made): a confirmation gets a new token while its confirmation is open
 * (its hash stored first, replacing an older link's), else it is given up; a message with
 * preferences and unsubscribe links gets the subscriber's manage token while they are subscribed
 * (a reader who unsubscribed or was deleted meanwhile gets nothing more).
 */
export async function composeReaderMail(
  row: { link: ReaderLinkKind; linkRef: number | null; subject: string; textBody: string; htmlBody: string | null; headers: string },
  mint: boolean,
  now: Date,
  tx?: Executor,
): Promise<LinkComposition> {
  const kept = storedBodies(row);
  const subscriber = row.linkRef === null ? undefined : await getSubscriberById(row.linkRef, tx);
  if (!subscriber) return { action: 'give-up', reason: 'The subscriber no longer exists.' };
  let token: string;
  if (row.link === 'newsletter-confirm') {
    if (subscriber.confirmExpiresAt === null || subscriber.confirmExpiresAt <= now)
      return { action: 'give-up', reason: 'The confirmation was used or expired before this message was sent.' };
    if (!mint) return { action: 'send', sent: null, kept };
    token = randomBytes(32).toString('base64url');
    if (!(await setConfirmTokenHash(subscriber.id, createHash('sha256').update(token).digest('base64url'), now, tx)))
      return { action: 'give-up', reason: 'The confirmation closed before this message was sent.' };
  } else {
    if (subscriber.status === 'unsubscribed') return { action: 'give-up', reason: 'The reader unsubscribed before this message was sent.' };
    if (!mint) return { action: 'send', sent: null, kept };
    token = manageTokenOf(subscriber);
  }
  const html = row.htmlBody === null ? null : withToken(row.htmlBody, token);
  return { action: 'send', sent: { subject: row.subject, text: withToken(row.textBody, token), html, headers: withToken(row.headers, token) }, kept };
}
