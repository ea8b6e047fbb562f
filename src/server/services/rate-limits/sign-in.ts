import { deleteSubjectEvents, insertRateLimitEvent, summarizeRecentEvents } from '@/server/queries/rate-limits';

/** Sign-in: 5 failed tries per address and user name, then a wait of 1 minute doubling up to 1 hour, never a permanent lock. */
export const FREE_LOGIN_FAILURES = 5;
const FIRST_WAIT_MS = 60_000;
const MAX_WAIT_MS = 3_600_000;
/** Failures older than this no longer count. */
export const FAILURE_MEMORY_MS = 24 * 3_600_000;
const BUCKET = 'login-fail';

/** The wait after `failures` consecutive failures (0 while free tries remain). */
export function loginWaitMs(failures: number): number {
  if (failures < FREE_LOGIN_FAILURES) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_LOGIN_FAILURES));
}

const subjectOf = (address: string, username: string) => `${address}|${username.toLowerCase()}`;

/** How long this address must wait before trying this user name again, in ms (0: go ahead). */
export async function loginRetryAfterMs(address: string, username: string, now: Date = new Date()): Promise<number> {
  const failures = await summarizeRecentEvents(BUCKET, subjectOf(address, username), new Date(now.getTime() - FAILURE_MEMORY_MS));
  const wait = loginWaitMs(failures.count);
  if (wait === 0) return 0;
  return Math.max(0, (failures.last?.getTime() ?? 0) + wait - now.getTime());
}

export async function recordLoginFailure(address: string, username: string, now: Date = new Date()): Promise<void> {
  await insertRateLimitEvent(BUCKET, subjectOf(address, username), now);
}

export async function clearLoginFailures(address: string, username: string): Promise<void> {
  await deleteSubjectEvents(BUCKET, subjectOf(address, username));
}
