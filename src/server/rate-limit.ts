import type { Executor } from '@/server/db';
import { RateLimitError } from '@/server/errors';
import { insertRateLimitEvent, listRecentEventTimes } from '@/server/queries/rate-limits';

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
  /** Confirmation messages per e-mail address, whoever asks: no subscription bombing. */
  newsletterEmail: [
    { max: 1, windowMs: 60_000 },
    { max: 3, windowMs: 24 * 3_600_000 },
  ],
} satisfies Record<string, RateRule[]>;

/** How long, in ms, until another event fits every rule, given past event times (newest first). */
export function retryAfterMs(times: number[], rules: RateRule[], now: number): number {
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
 * Inside a write transaction: throws RateLimitError when `subject` is over any rule for
 * `bucket`, else records the event. Call it in the same transaction as the write it
 * limits, so only accepted submissions count. The event's insert is already sent when this
 * resolves: await `recorded` together with the limited write (statements of a transaction
 * run in the order they are sent, so neither waits for the other's round trip). Events older
 * than every window are purged by a scheduled job.
 */
export async function takeRateLimit(
  tx: Executor,
  bucket: string,
  subject: string,
  rules: RateRule[],
  now: Date = new Date(),
): Promise<{ recorded: Promise<void> }> {
  const longest = Math.max(...rules.map((r) => r.windowMs));
  const recent = await listRecentEventTimes(bucket, subject, new Date(now.getTime() - longest), tx);
  const wait = retryAfterMs(
    recent.map((at) => at.getTime()),
    rules,
    now.getTime(),
  );
  if (wait > 0) throw new RateLimitError(wait / 1000);
  return { recorded: insertRateLimitEvent(bucket, subject, now, tx) };
}
