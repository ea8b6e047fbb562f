// Every fixed rate limit of the site, written once: the services enforce these rules and the
// API document (src/server/services/<domain>/<domain>.openapi.ts) states them from here. Plain
// data, so the document is built without the database. The two an operator sets are settings
// (src/server/config.ts): the data API's reads (API_RATE_LIMIT) and the chart files drawn
// (CHART_RATE_LIMIT). The write limits live in the database; the read limits (those two and
// the beacon's views a minute) in memory, counted for the whole machine by the cluster's
// primary (rate-limits/machine.ts).

/** At most `max` events per `windowMs`. */
export interface RateRule {
  max: number;
  windowMs: number;
}

/** Per client address: comments 1 per 15 s and 10 per hour; contact messages 5 per hour; newsletter subscriptions too, and per e-mail address. */
export const RATE_RULES = {
  comment: [
    { max: 1, windowMs: 15_000 },
    { max: 10, windowMs: 3_600_000 },
  ],
  contact: [{ max: 5, windowMs: 3_600_000 }],
  /** Newsletter subscriptions per client address. */
  newsletter: [
    { max: 1, windowMs: 10_000 },
    { max: 10, windowMs: 3_600_000 },
  ],
  /** Confirmation messages per mailbox (`mailboxOf`), whoever asks: no subscription bombing. */
  newsletterEmail: [
    { max: 1, windowMs: 60_000 },
    { max: 3, windowMs: 24 * 3_600_000 },
  ],
  /** Password-reset requests per client address, and reset mails per staff mailbox. */
  passwordReset: [{ max: 5, windowMs: 3_600_000 }],
  passwordResetMailbox: [{ max: 3, windowMs: 3_600_000 }],
  /** The admin's "Send test" of the briefing, per admin. */
  newsletterTest: [
    { max: 1, windowMs: 10_000 },
    { max: 10, windowMs: 3_600_000 },
  ],
} satisfies Record<string, RateRule[]>;

/** Sign-in: 5 failed tries per address and user name, then a wait of 1 minute doubling up to 1 hour, never a permanent lock. */
export const FREE_LOGIN_FAILURES = 5;
export const FIRST_WAIT_MS = 60_000;
export const MAX_WAIT_MS = 3_600_000;
/** Failures older than this no longer count. */
export const FAILURE_MEMORY_MS = 24 * 3_600_000;
/**
 * Failed tries of one address over every user name: each costs an argon2id hash (19 MiB),
 * so an address cannot spray names faster than this. Successful tries never count.
 */
export const ADDRESS_SIGN_IN_RULES: readonly RateRule[] = [{ max: 20, windowMs: 15 * 60_000 }];
/**
 * Views one client address may add a minute (the page's view beacon): counted for the whole
 * machine by the cluster's primary (`machineRateLimit`), and so is the 429 past it.
 */
export const VIEWS_PER_CLIENT_PER_MINUTE = 30;
