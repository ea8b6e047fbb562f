import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import type { Role } from '@/lib/staff/permissions';
import { deleteSession, getSessionWithUser, insertSession, touchSession } from '@/server/queries/sessions';

/** A session ends 12 hours after sign-in, or after 1 hour without use (OWASP ASVS L2 for an administrator). */
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000;
export const SESSION_IDLE_MS = 3_600_000;
/** Last-use times are written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

/** The signed-in staff member, as every admin call sees them. */
export interface SessionUser {
  sessionId: string;
  userId: number;
  username: string;
  /** The name the panel shows (the user name when none was given). */
  displayName: string;
  role: Role;
  /** The author record of their byline, if linked: an author's or contributor's own articles are those. */
  authorId: number | null;
  expiresAt: Date;
}

/** The most of a user agent kept with a session. */
const USER_AGENT_CHARS = 200;

/** A new random token part: 160 bits in lowercase base32 (sessions, invitation and reset links). */
export function randomPart(): string {
  const bytes = new Uint8Array(20); // 160 bits
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** The SHA-256 of a token (hex): what is stored instead of it. */
export function hashSecret(secret: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(secret)));
}

/** Creates a session for the user; returns the token for the cookie (`id.secret`). */
export async function createSession(userId: number, userAgent = '', now: Date = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const id = randomPart();
  const secret = randomPart();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await insertSession({
    id,
    secretHash: hashSecret(secret),
    userId,
    createdAt: now,
    lastUsedAt: now,
    expiresAt,
    userAgent: userAgent.slice(0, USER_AGENT_CHARS),
  });
  return { token: `${id}.${secret}`, expiresAt };
}

/** The session a token names, if it is valid now; expired or idle sessions, and those of a deactivated account, are deleted. */
export async function validateSessionToken(token: string, now: Date = new Date()): Promise<SessionUser | null> {
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
  const row = await getSessionWithUser(id);
  if (!row) return null;
  const given = new TextEncoder().encode(hashSecret(secret));
  const stored = new TextEncoder().encode(row.session.secretHash);
  if (!constantTimeEqual(given, stored)) return null;
  const { session, account } = row;
  if (account.deactivatedAt !== null || now >= session.expiresAt || now.getTime() - session.lastUsedAt.getTime() >= SESSION_IDLE_MS) {
    await deleteSession(id);
    return null;
  }
  if (now.getTime() - session.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchSession(id, now);
  }
  return {
    sessionId: id,
    userId: session.userId,
    username: account.username,
    displayName: account.displayName || account.username,
    role: account.role,
    authorId: account.authorId,
    expiresAt: session.expiresAt,
  };
}

/** Ends one session (sign-out). */
export async function invalidateSession(sessionId: string): Promise<void> {
  await deleteSession(sessionId);
}
