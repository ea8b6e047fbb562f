import { and, desc, eq, gt, lt } from 'drizzle-orm';
import { rateLimitEvents } from '@db/schema';
import type { Tx } from './db';
import { RateLimitError } from './errors';

/** At most `max` events per `windowMs`. */
export interface RateRule {
  max: number;
  windowMs: number;
}

/** CONTRACT 2.15: comments 1 per 15 s and 10 per hour; contact 5 per hour. */
export const RATE_RULES = {
  comment: [
    { max: 1, windowMs: 15_000 },
    { max: 10, windowMs: 3_600_000 },
  ],
  contact: [{ max: 5, windowMs: 3_600_000 }],
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
 * limits, so only accepted submissions count.
 */
export async function takeRateLimit(tx: Tx, bucket: string, subject: string, rules: RateRule[], now: Date = new Date()): Promise<void> {
  const longest = Math.max(...rules.map((r) => r.windowMs));
  const since = new Date(now.getTime() - longest);
  await tx
    .delete(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.subject, subject), lt(rateLimitEvents.at, since)));
  const recent = await tx
    .select({ at: rateLimitEvents.at })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.subject, subject), gt(rateLimitEvents.at, since)))
    .orderBy(desc(rateLimitEvents.at));
  const wait = retryAfterMs(
    recent.map((r) => r.at.getTime()),
    rules,
    now.getTime(),
  );
  if (wait > 0) throw new RateLimitError(wait / 1000);
  await tx.insert(rateLimitEvents).values({ bucket, subject, at: now });
}
