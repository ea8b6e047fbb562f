import type { LoginInput } from '@/lib/validation/login';
import type { TotpAction } from '@/lib/validation/two-factor';
import { getDummyHash, verifyPassword } from '@/server/auth/password';
import { createSession, invalidateSession } from '@/server/auth/session';
import { clearLoginFailures, loginRetryAfterMs, recordLoginFailure } from '@/server/services/rate-limits/sign-in';
import {
  canCheckAuthenticatorCode,
  confirmTotpEnrollment,
  disableTotp,
  isTotpEnabled,
  startTotpEnrollment,
  verifySecondFactor,
} from '@/server/auth/totp';
import type { SessionUser } from '@/server/auth/session';
import { BadRequestError, NotFoundError, RateLimitError, UnauthorizedError, messages } from '@/server/errors';
import { getUserById, getUserByUsername } from '@/server/queries/users';

function logAttempt(outcome: 'success' | 'failure' | 'throttled', username: string, address: string): void {
  console.info(JSON.stringify({ event: 'admin_login', outcome, username: username.slice(0, 100), address, at: new Date().toISOString() }));
}

/**
 * Signs the administrator in: the throttle is checked before any hash is computed; an
 * unknown user name costs the same hash as a wrong password. Returns a new session.
 */
export async function signIn(input: LoginInput, address: string): Promise<{ token: string; expiresAt: Date }> {
  const wait = await loginRetryAfterMs(address, input.username);
  if (wait > 0) {
    logAttempt('throttled', input.username, address);
    throw new RateLimitError(wait / 1000, messages.loginThrottled);
  }
  const user = await getUserByUsername(input.username);
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  if (!user || !ok) {
    await recordLoginFailure(address, input.username);
    logAttempt('failure', input.username, address);
    throw new UnauthorizedError(messages.invalidCredentials);
  }
  if (user.totpKey) {
    if (!input.code) throw new UnauthorizedError(messages.codeRequired, { code: [messages.enterCode] });
    if (!(await verifySecondFactor(user, input.code))) {
      await recordLoginFailure(address, input.username);
      logAttempt('failure', input.username, address);
      const message = canCheckAuthenticatorCode(user) ? messages.invalidCode : messages.totpKeyUnreadable;
      throw new UnauthorizedError(message, { code: [message] });
    }
  }
  await clearLoginFailures(address, input.username);
  logAttempt('success', input.username, address);
  return createSession(user.id);
}

/** Signs out: ends the session on the server. */
export async function signOut(user: SessionUser | undefined): Promise<void> {
  if (user) await invalidateSession(user.sessionId);
}

/** Whether two-factor sign-in is on for the administrator. */
export async function getTwoFactorStatus(user: SessionUser): Promise<{ enabled: boolean }> {
  return { enabled: await isTotpEnabled(user.userId) };
}

/**
 * The Security tab's actions: `setup` answers a new key to scan, `enable` confirms it with
 * a first code (answering the recovery codes, shown once), `disable` turns two-factor
 * sign-in off, which needs a current code, a recovery code or the password, not the
 * session alone.
 */
export async function changeTwoFactor(user: SessionUser, action: TotpAction) {
  switch (action.action) {
    case 'setup':
      return startTotpEnrollment(user.userId, user.username);
    case 'enable': {
      const recoveryCodes = await confirmTotpEnrollment(user.userId, action.code);
      if (!recoveryCodes) throw new BadRequestError(messages.enrolmentCodeInvalid, { code: [messages.invalidCodeShort] });
      return { enabled: true, recoveryCodes };
    }
    case 'disable': {
      const account = await getUserById(user.userId);
      if (!account) throw new NotFoundError();
      const confirmed =
        (action.password !== undefined && (await verifyPassword(account.passwordHash, action.password))) ||
        (action.code !== undefined && (await verifySecondFactor(account, action.code)));
      if (!confirmed) throw new UnauthorizedError(messages.confirmWithCodeOrPassword, { confirm: [messages.confirmWithCodeOrPassword] });
      await disableTotp(user.userId);
      return { enabled: false };
    }
  }
}
