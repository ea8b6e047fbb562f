import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '@db/client';
import { rateLimitEvents } from '@db/schema';

/** CONTRACT 2.15: 5 failed tries per address and user name, then a wait of 1 minute doubling up to 1 hour. */
export const FREE_LOGIN_FAILURES = 5;
const FIRST_WAIT_MS = 60_000;
const MAX_WAIT_MS = 3_600_000;
/** Failures older than this no longer count. */
const FAILURE_MEMORY_MS = 24 * 3_600_000;
const BUCKET = 'login-fail';

/** The wait after `failures` consecutive failures (0 while free tries remain). */
export function loginWaitMs(failures: number): number {
  if (failures < FREE_LOGIN_FAILURES) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_LOGIN_FAILURES));
}

const subjectOf = (address: string, username: string) => `${address}|${username.toLowerCase()}`;

/** How long this address must wait before trying this user name again, in ms (0: go ahead). */
export async function loginRetryAfterMs(db: Db, address: string, username: string, now: Date = new Date()): Promise<number> {
  const subject = subjectOf(address, username);
  const since = new Date(now.getTime() - FAILURE_MEMORY_MS);
  const where = and(eq(rateLimitEvents.bucket, BUCKET), eq(rateLimitEvents.subject, subject), gt(rateLimitEvents.at, since));
  const [failures] = await db.select({ n: count() }).from(rateLimitEvents).where(where);
  const wait = loginWaitMs(failures?.n ?? 0);
  if (wait === 0) return 0;
  const [last] = await db.select({ at: rateLimitEvents.at }).from(rateLimitEvents).where(where).orderBy(desc(rateLimitEvents.at)).limit(1);
  return Math.max(0, (last?.at.getTime() ?? 0) + wait - now.getTime());
}

export async function recordLoginFailure(db: Db, address: string, username: string, now: Date = new Date()): Promise<void> {
  await db.insert(rateLimitEvents).values({ bucket: BUCKET, subject: subjectOf(address, username), at: now });
}

export async function clearLoginFailures(db: Db, address: string, username: string): Promise<void> {
  await db.delete(rateLimitEvents).where(and(eq(rateLimitEvents.bucket, BUCKET), eq(rateLimitEvents.subject, subjectOf(address, username))));
}
