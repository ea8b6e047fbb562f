import { writeTransaction } from '@/server/db';
import { RateLimitError, messages } from '@/server/errors';
import { deleteOneEvent, deleteSubjectEvents, insertRateLimitEvent, listRecentEventTimes } from '@/server/queries/rate-limits';
import { retryAfterMs } from '@/server/services/rate-limits/recorded';
import { ADDRESS_SIGN_IN_RULES, FAILURE_MEMORY_MS, FIRST_WAIT_MS, FREE_LOGIN_FAILURES, MAX_WAIT_MS } from '@/server/services/rate-limits/rules';

const NAME_BUCKET = 'login-fail';
const ADDRESS_BUCKET = 'login-address';

/** The wait after `failures` consecutive failures (0 while free tries remain). */
export function loginWaitMs(failures: number): number {
  if (failures < FREE_LOGIN_FAILURES) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_LOGIN_FAILURES));
}

const subjectOf = (address: string, username: string) => `${address}|${username.toLowerCase()}`;

/** A try admitted by `admitSignInAttempt`: recorded as a failure until it is settled otherwise. */
export interface SignInAttempt {
  address: string;
  username: string;
  at: Date;
}

/**
 * Admits one try at a password or code for `username` from `address`, or refuses it with
 * 429 (Retry-After). It records before it checks: one write transaction records the try as
 * a failure (for the address and name, and for the address alone) and reads the tries
 * before it, so parallel tries (in any web process) are counted one after another and a
 * burst gets exactly the free tries checked. A refused try is rolled back with its
 * transaction: waiting out a refusal is never made longer by it. A try that then fails needs
 * nothing more; one that succeeds calls `clearSignInFailures`, and one that proved the
 * password but still owes the code calls `forgiveSignInAttempt`.
 */
export async function admitSignInAttempt(address: string, username: string, now: Date = new Date()): Promise<SignInAttempt> {
  const subject = subjectOf(address, username);
  const longestAddressWindow = Math.max(...ADDRESS_SIGN_IN_RULES.map((rule) => rule.windowMs));
  await writeTransaction(async (tx) => {
    // Reads are sent before the inserts, in this order: they see only earlier tries.
    const nameTries = listRecentEventTimes(NAME_BUCKET, subject, new Date(now.getTime() - FAILURE_MEMORY_MS), tx);
    const addressTries = listRecentEventTimes(ADDRESS_BUCKET, address, new Date(now.getTime() - longestAddressWindow), tx);
    const recorded = Promise.all([insertRateLimitEvent(NAME_BUCKET, subject, now, tx), insertRateLimitEvent(ADDRESS_BUCKET, address, now, tx)]);
    const [failures, tries] = await Promise.all([nameTries, addressTries, recorded]);
    // The wait after the failures so far runs from the last of them.
    const failureWait = loginWaitMs(failures.length);
    const nameWait = failureWait === 0 ? 0 : (failures[0]?.getTime() ?? now.getTime()) + failureWait - now.getTime();
    const addressWait = retryAfterMs(
      tries.map((at) => at.getTime()),
      ADDRESS_SIGN_IN_RULES,
      now.getTime(),
    );
    const wait = Math.max(nameWait, addressWait);
    if (wait > 0) throw new RateLimitError(wait / 1000, messages.loginThrottled);
  });
  return { address, username, at: now };
}

/** The try succeeded: the name's failures from this address are forgotten, and this try never counts. */
export async function clearSignInFailures(attempt: SignInAttempt): Promise<void> {
  await writeTransaction(async (tx) => {
    await deleteSubjectEvents(NAME_BUCKET, subjectOf(attempt.address, attempt.username), tx);
    await deleteOneEvent(ADDRESS_BUCKET, attempt.address, attempt.at, tx);
  });
}

/** The try proved the password but still owes the second factor: it does not count as a failure. */
export async function forgiveSignInAttempt(attempt: SignInAttempt): Promise<void> {
  await writeTransaction(async (tx) => {
    await deleteOneEvent(NAME_BUCKET, subjectOf(attempt.address, attempt.username), attempt.at, tx);
    await deleteOneEvent(ADDRESS_BUCKET, attempt.address, attempt.at, tx);
  });
}
