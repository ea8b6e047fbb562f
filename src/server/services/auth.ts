import { eq } from 'drizzle-orm';
import { users } from '@db/schema';
import type { LoginInput } from '@/lib/validation/login';
import { getDummyHash, verifyPassword } from '@/server/auth/password';
import { createSession } from '@/server/auth/session';
import { clearLoginFailures, loginRetryAfterMs, recordLoginFailure } from '@/server/auth/throttle';
import { verifySecondFactor } from '@/server/auth/totp';
import { getDb } from '@/server/db';
import { AppError, RateLimitError } from '@/server/errors';

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const CODE_REQUIRED = 'Two-factor code required';
export const INVALID_CODE = 'Invalid two-factor code';

function logAttempt(outcome: 'success' | 'failure' | 'throttled', username: string, address: string): void {
  console.info(JSON.stringify({ event: 'admin_login', outcome, username: username.slice(0, 100), address, at: new Date().toISOString() }));
}

/**
 * Signs the administrator in: the throttle is checked before any hash is computed; an
 * unknown user name costs the same hash as a wrong password. Returns a new session.
 */
export async function signIn(input: LoginInput, address: string): Promise<{ token: string; expiresAt: Date }> {
  const db = await getDb();
  const wait = await loginRetryAfterMs(db, address, input.username);
  if (wait > 0) {
    logAttempt('throttled', input.username, address);
    throw new RateLimitError(wait / 1000, 'Too many failed sign-in attempts. Please wait and try again.');
  }
  const [user] = await db.select().from(users).where(eq(users.username, input.username));
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  if (!user || !ok) {
    await recordLoginFailure(db, address, input.username);
    logAttempt('failure', input.username, address);
    throw new AppError(401, INVALID_CREDENTIALS);
  }
  if (user.totpKey) {
    if (!input.code) throw new AppError(401, CODE_REQUIRED, { errors: { code: ['Enter the code from your authenticator app'] } });
    if (!(await verifySecondFactor(db, user, input.code))) {
      await recordLoginFailure(db, address, input.username);
      logAttempt('failure', input.username, address);
      throw new AppError(401, INVALID_CODE, { errors: { code: [INVALID_CODE] } });
    }
  }
  await clearLoginFailures(db, address, input.username);
  logAttempt('success', input.username, address);
  return createSession(db, user.id);
}
