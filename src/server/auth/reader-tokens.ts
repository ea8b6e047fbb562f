import { fingerprint } from '@/server/secret-box';

// The tokens of a reader's links (preferences, unsubscribe, confirmation): how the manage token
// is derived, and what a queued message carries in its place until the mail job sends it. Under
// the domains: the subscriptions make the links, the mail job's reader composer
// (`services/newsletter/reader-links.ts`, called by the outbox) fills them in.

/**
 * The token of the links in a test send (the admin's "Send test" and the preview): the message
 * is a reader's in every part, and its preferences and unsubscribe pages answer this token by
 * saying it came from a test (`isTestSendToken` in the subscriptions), changing nothing.
 */
export const TEST_SEND_TOKEN = 'test-send-from-the-newsletter-tab';
/** The salt of the test reader; no real salt is this short (a subscriber's new salt has 43 characters). */
export const TEST_SEND_SALT = 'test-send';

/** The token of a subscriber's preferences and unsubscribe links (derived, so every message can carry it). */
export function manageTokenOf(subscriber: { tokenSalt: string }): string {
  return subscriber.tokenSalt === TEST_SEND_SALT ? TEST_SEND_TOKEN : fingerprint('newsletter-manage', subscriber.tokenSalt);
}

/**
 * What a queued reader's mail carries in place of its link's token (`?token=` this): the mail job
 * puts the token in when it sends the message (`reader-links.ts`), so the outbox (its admin view,
 * every backup) never holds a link that acts for the reader.
 */
export const TOKEN_MADE_AT_SENDING = 'made-at-sending';
