import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeBase32UpperCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { createTOTPKeyURI, verifyTOTPWithGracePeriod } from '@oslojs/otp';
import QRCode from 'qrcode';
import { writeTransaction, type Executor } from '@/server/db';
import { claimTotpStep, getUserById, replaceRecoveryCodes, spendRecoveryCode, updateUser, type UserRow } from '@/server/queries/users';
import { canOpenSecret, openSecret, sealSecret } from '@/server/secret-box';

export const TOTP_ISSUER = 'EnergyPulse';
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const RECOVERY_CODE_COUNT = 10;

const hashCode = (code: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(code.toLowerCase().replace(/[^a-z0-9]/g, ''))));
const currentStep = (now: number) => Math.floor(now / 1000 / PERIOD_SECONDS);

/** Fresh recovery codes (`xxxxxx-xxxxxx`), to be shown once; only their hashes are stored. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = new Uint8Array(8);
    crypto.getRandomValues(bytes);
    const text = encodeBase32LowerCaseNoPadding(bytes);
    return `${text.slice(0, 6)}-${text.slice(6, 12)}`;
  });
}

/** Starts enrollment: a new key (kept pending until confirmed), as a QR code and as text. */
export async function startTotpEnrollment(userId: number, username: string): Promise<{ uri: string; qrSvg: string; secret: string }> {
  const key = new Uint8Array(20);
  crypto.getRandomValues(key);
  await updateUser(userId, { totpPendingKey: sealSecret(key) });
  const uri = createTOTPKeyURI(TOTP_ISSUER, username, key, PERIOD_SECONDS, DIGITS);
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { uri, qrSvg, secret: encodeBase32UpperCaseNoPadding(key) };
}

/** Confirms enrollment with a first code; turns two-factor sign-in on and returns fresh recovery codes. */
export async function confirmTotpEnrollment(userId: number, code: string, now: number = Date.now()): Promise<string[] | null> {
  const user = await getUserById(userId);
  if (!user?.totpPendingKey) return null;
  const key = openSecret(user.totpPendingKey);
  if (!/^\d{6}$/.test(code) || !verifyTOTPWithGracePeriod(key, PERIOD_SECONDS, DIGITS, code, PERIOD_SECONDS)) return null;
  const codes = newRecoveryCodes();
  await writeTransaction(async (tx) => {
    await updateUser(userId, { totpKey: user.totpPendingKey, totpPendingKey: null, totpLastStep: currentStep(now) }, tx);
    await replaceRecoveryCodes(userId, codes.map(hashCode), tx);
  });
  return codes;
}

/** Replaces the recovery codes with fresh ones (the old ones stop working); null while two-factor sign-in is off. */
export async function renewRecoveryCodes(userId: number): Promise<string[] | null> {
  if (!(await isTotpEnabled(userId))) return null;
  const codes = newRecoveryCodes();
  await writeTransaction((tx) => replaceRecoveryCodes(userId, codes.map(hashCode), tx));
  return codes;
}

/** Turns two-factor sign-in off (and drops the recovery codes). */
export async function disableTotp(userId: number, tx?: Executor): Promise<void> {
  const apply = async (t: Executor) => {
    await updateUser(userId, { totpKey: null, totpPendingKey: null, totpLastStep: null }, t);
    await replaceRecoveryCodes(userId, [], t);
  };
  await (tx ? apply(tx) : writeTransaction(apply));
}

/**
 * Whether an authenticator code can be checked at all: false when the stored key no longer
 * opens (APP_SECRET or the key file changed); recovery codes still work then.
 */
export function canCheckAuthenticatorCode(user: UserRow): boolean {
  return user.totpKey === null || canOpenSecret(user.totpKey);
}

/**
 * Checks a second factor: a current authenticator code (each accepted at most once) or an
 * unused recovery code (then spent).
 */
export async function verifySecondFactor(user: UserRow, code: string, now: number = Date.now()): Promise<boolean> {
  if (!user.totpKey) return true;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = currentStep(now);
    if (user.totpLastStep !== null && step <= user.totpLastStep) return false;
    if (!canCheckAuthenticatorCode(user)) return false;
    if (!verifyTOTPWithGracePeriod(openSecret(user.totpKey), PERIOD_SECONDS, DIGITS, trimmed, PERIOD_SECONDS)) return false;
    return claimTotpStep(user.id, step);
  }
  return spendRecoveryCode(user.id, hashCode(trimmed), new Date(now));
}

/** Whether two-factor sign-in is on for the user. */
export async function isTotpEnabled(userId: number): Promise<boolean> {
  return Boolean((await getUserById(userId))?.totpKey);
}
