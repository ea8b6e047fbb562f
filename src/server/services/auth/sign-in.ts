import type { LoginInput } from '@/lib/validation/login';
import type { TotpAction } from '@/lib/validation/two-factor';
import { getDummyHash, verifyPassword } from '@/server/auth/password';
import { createSession, invalidateSession } from '@/server/auth/session';
import { admitSignInAttempt, clearSignInFailures, forgiveSignInAttempt, type SignInAttempt } from '@/server/services/rate-limits/sign-in';
import {
  canCheckAuthenticatorCode,
  confirmTotpEnrollment,
  disableTotp,
  isTotpEnabled,
  renewRecoveryCodes,
  startTotpEnrollment,
  verifySecondFactor,
} from '@/server/auth/totp';
import type { SessionUser } from '@/server/auth/session';
import { BadRequestError, NotFoundError, RateLimitError, UnauthorizedError, messages } from '@/server/errors';
import { getUserById, getUserByUsername } from '@/server/queries/users';
import { audit } from '@/server/services/staff/audit';

/** What an audit line records: a sign-in, or the proof a two-factor change asked for. */
type AttemptEvent = 'admin_login' | 'admin_two_factor';

/**
 * Logs an attempt as a JSON line, and keeps sign-ins and failed sign-ins in the audit trail
 * (a throttled try is refused before anything is checked, so the log line is its record).
 */
async function logAttempt(
  event: AttemptEvent,
  outcome: 'success' | 'failure' | 'throttled',
  username: string,
  address: string,
  userId: number | null = null,
): Promise<void> {
  console.info(JSON.stringify({ event, outcome, username: username.slice(0, 100), address, at: new Date().toISOString() }));
  if (outcome === 'throttled') return;
  const action =
    event === 'admin_login'
      ? outcome === 'success'
        ? 'sign_in'
        : 'sign_in_failed'
      : outcome === 'success'
        ? 'two_factor_changed'
        : 'sign_in_failed';
  await audit({ userId, username: username.slice(0, 100) }, action, undefined, address);
}

/** Admits a try through the sign-in throttle (recorded before anything is checked), logging a refusal. */
async function admitAttempt(event: AttemptEvent, username: string, address: string): Promise<SignInAttempt> {
  try {
    return await admitSignInAttempt(address, username);
  } catch (error) {
    if (error instanceof RateLimitError) await logAttempt(event, 'throttled', username, address);
    throw error;
  }
}

/**
 * Signs the administrator in: the try is admitted by the throttle (and recorded as a
 * failure) before any hash is computed; an unknown user name costs the same hash as a wrong
 * password. Returns a new session.
 */
export async function signIn(input: LoginInput, address: string, userAgent = ''): Promise<{ token: string; expiresAt: Date }> {
  const attempt = await admitAttempt('admin_login', input.username, address);
  // Staff sign in with their e-mail address as user name, in whatever case they type it.
  const user = (await getUserByUsername(input.username)) ?? (await getUserByUsername(input.username.toLowerCase()));
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  // A deactivated account answers as a wrong password does: the form tells nobody who was let go.
  if (!user || !ok || user.deactivatedAt !== null) {
    await logAttempt('admin_login', 'failure', input.username, address, user?.id ?? null);
    throw new UnauthorizedError(messages.invalidCredentials);
  }
  if (user.totpKey) {
    if (!input.code) {
      // The right password alone: the form asks for the code next, and this try is not a failure.
      await forgiveSignInAttempt(attempt);
      throw new UnauthorizedError(messages.codeRequired, { code: [messages.enterCode] });
    }
    if (!(await verifySecondFactor(user, input.code))) {
      await logAttempt('admin_login', 'failure', input.username, address, user.id);
      const message = canCheckAuthenticatorCode(user) ? messages.invalidCode : messages.totpKeyUnreadable;
      throw new UnauthorizedError(message, { code: [message] });
    }
  }
  await clearSignInFailures(attempt);
  await logAttempt('admin_login', 'success', user.username, address, user.id);
  return createSession(user.id, userAgent);
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
 * Proves that the one changing two-factor sign-in is the administrator and not merely their
 * session: the password, or while two-factor sign-in is on a current or recovery code.
 * Counted by the sign-in throttle, as the same address signing in as the same name. A success
 * is recorded as a two-factor change unless `recordSuccess` is false (the caller records its own).
 */
export async function confirmIdentity(
  user: SessionUser,
  proof: Pick<TotpAction, 'password' | 'currentCode'>,
  address: string,
  { recordSuccess = true }: { recordSuccess?: boolean } = {},
): Promise<void> {
  const attempt = await admitAttempt('admin_two_factor', user.username, address);
  const account = await getUserById(user.userId);
  if (!account) throw new NotFoundError();
  const confirmed =
    proof.password !== undefined
      ? await verifyPassword(account.passwordHash, proof.password)
      : account.totpKey !== null && proof.currentCode !== undefined && (await verifySecondFactor(account, proof.currentCode));
  if (!confirmed) {
    await logAttempt('admin_two_factor', 'failure', user.username, address, user.userId);
    const message = account.totpKey ? messages.confirmWithCodeOrPassword : messages.confirmWithPassword;
    throw new UnauthorizedError(message, { confirm: [message] });
  }
  await clearSignInFailures(attempt);
  if (recordSuccess) await logAttempt('admin_two_factor', 'success', user.username, address, user.userId);
}

/**
 * The Security tab's actions, each confirmed with the password or a current or recovery
 * code (never the session alone, so a stolen session cannot make itself a second factor):
 * `setup` answers a new key to scan, `enable` confirms it with a first code (answering the
 * recovery codes, shown once), `recovery-codes` replaces the recovery codes, `disable` turns
 * two-factor sign-in off.
 */
export async function changeTwoFactor(user: SessionUser, action: TotpAction, address: string) {
  await confirmIdentity(user, action, address);
  switch (action.action) {
    case 'setup':
      return startTotpEnrollment(user.userId, user.username);
    case 'enable': {
      const recoveryCodes = await confirmTotpEnrollment(user.userId, action.code);
      if (!recoveryCodes) throw new BadRequestError(messages.enrolmentCodeInvalid, { code: [messages.invalidCodeShort] });
      return { enabled: true, recoveryCodes };
    }
    case 'recovery-codes': {
      const recoveryCodes = await renewRecoveryCodes(user.userId);
      if (!recoveryCodes) throw new BadRequestError(messages.twoFactorOff);
      return { enabled: true, recoveryCodes };
    }
    case 'disable':
      await disableTotp(user.userId);
      return { enabled: false };
  }
}
