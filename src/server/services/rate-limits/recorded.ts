import type { Executor } from '@/server/db';
import { RateLimitError } from '@/server/errors';
import { insertRateLimitEvent, listRecentEventTimes } from '@/server/queries/rate-limits';
import type { RateRule } from '@/server/services/rate-limits/rules';

export { RATE_RULES, type RateRule } from '@/server/services/rate-limits/rules';

/** Domains whose mailboxes ignore dots in the name part; the second is the first's other name. */
const DOTLESS_DOMAINS = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * The mailbox an e-mail address delivers to, as per-address limits count it: lowercase and
 * without a `+tag` (`Victim+1@Example.org` is `victim@example.org`), and at Gmail without the
 * dots it ignores. Limits keyed by it cannot be multiplied by writing one mailbox many ways.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const domain = address.slice(at + 1);
  let name = address.slice(0, at);
  const plus = name.indexOf('+');
  if (plus > 0) name = name.slice(0, plus);
  const dotless = DOTLESS_DOMAINS.get(domain);
  return dotless ? `${name.replaceAll('.', '')}@${dotless}` : `${name}@${domain}`;
}

/** How long, in ms, until another event fits every rule, given past event times (newest first). */
export function retryAfterMs(times: number[], rules: readonly RateRule[], now: number): number {
  let wait = 0;
  for (const rule of rules) {
    const inWindow = times.filter((t) => t > now - rule.windowMs);
    if (inWindow.length >= rule.max) {
      // The event that must leave the window before another fits.
      const blocking = inWindow[rule.max - 1] ?? now;
      wait = Math.max(wait, blocking + rule.windowMs - now);
    }
  }
  return wait;
}

/**
 * Inside a write transaction: records the event and rejects with RateLimitError when
 * `subject` was already over any rule for `bucket`. Call it in the same transaction as the
 * write it limits, and send that write beside it (`Promise.all`) rather than after it: the
 * check, the event and the write then travel to the database together, in the order they
 * were called, and a refusal rolls all of them back with the transaction, so only accepted
 * submissions count. Events older than every window are purged by a scheduled job.
 */
export async function takeRateLimit(
  tx: Executor,
  bucket: string,
  subject: string,
  rules: readonly RateRule[],
  now: Date = new Date(),
): Promise<void> {
  const longest = Math.max(...rules.map((r) => r.windowMs));
  // Read before the insert is sent: the check sees only earlier events.
  const recent = listRecentEventTimes(bucket, subject, new Date(now.getTime() - longest), tx);
  const recorded = insertRateLimitEvent(bucket, subject, now, tx);
  const [times] = await Promise.all([recent, recorded]);
  const wait = retryAfterMs(
    times.map((at) => at.getTime()),
    rules,
    now.getTime(),
  );
  if (wait > 0) throw new RateLimitError(wait / 1000);
}
