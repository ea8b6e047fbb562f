import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeBase32UpperCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { createTOTPKeyURI, verifyTOTPWithGracePeriod } from '@oslojs/otp';
import { and, eq, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '@db/client';
import { recoveryCodes, users } from '@db/schema';
import { writeTransaction } from '@/server/db';
import { openSecret, sealSecret } from '@/server/secret-box';

export const TOTP_ISSUER = 'EnergyPulse';
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const RECOVERY_CODE_COUNT = 10;

const hashCode = (code: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(code.toLowerCase().replace(/[^a-z0-9]/g, ''))));
const currentStep = (now: number) => Math.floor(now / 1000 / PERIOD_SECONDS);

/** Starts enrolment: a new key (kept pending until confirmed), as a QR code and as text. */
export async function startTotpEnrollment(db: Db, userId: number, username: string): Promise<{ uri: string; qrSvg: string; secret: string }> {
  const key = new Uint8Array(20);
  crypto.getRandomValues(key);
  await db
    .update(users)
    .set({ totpPendingKey: sealSecret(key) })
    .where(eq(users.id, userId));
  const uri = createTOTPKeyURI(TOTP_ISSUER, username, key, PERIOD_SECONDS, DIGITS);
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { uri, qrSvg, secret: encodeBase32UpperCaseNoPadding(key) };
}

/** Confirms enrolment with a first code; turns two-factor sign-in on and returns fresh recovery codes. */
export async function confirmTotpEnrollment(db: Db, userId: number, code: string, now: number = Date.now()): Promise<string[] | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user?.totpPendingKey) return null;
  const key = openSecret(user.totpPendingKey);
  if (!/^\d{6}$/.test(code) || !verifyTOTPWithGracePeriod(key, PERIOD_SECONDS, DIGITS, code, PERIOD_SECONDS)) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = new Uint8Array(8);
    crypto.getRandomValues(bytes);
    const text = encodeBase32LowerCaseNoPadding(bytes);
    return `${text.slice(0, 6)}-${text.slice(6, 12)}`;
  });
  await writeTransaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpKey: user.totpPendingKey, totpPendingKey: null, totpLastStep: currentStep(now) })
      .where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashCode(c) })));
  });
  return codes;
}

/** Turns two-factor sign-in off. */
export async function disableTotp(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ totpKey: null, totpPendingKey: null, totpLastStep: null }).where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/**
 * Checks a second factor: a current authenticator code (each accepted at most once) or an
 * unused recovery code (then spent).
 */
export async function verifySecondFactor(db: Db, user: typeof users.$inferSelect, code: string, now: number = Date.now()): Promise<boolean> {
  if (!user.totpKey) return true;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = currentStep(now);
    if (user.totpLastStep !== null && step <= user.totpLastStep) return false;
    if (!verifyTOTPWithGracePeriod(openSecret(user.totpKey), PERIOD_SECONDS, DIGITS, trimmed, PERIOD_SECONDS)) return false;
    await db.update(users).set({ totpLastStep: step }).where(eq(users.id, user.id));
    return true;
  }
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, hashCode(trimmed)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length > 0;
}

/** Whether two-factor sign-in is on for the user. */
export async function isTotpEnabled(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ totpKey: users.totpKey }).from(users).where(eq(users.id, userId));
  return Boolean(row?.totpKey);
}
