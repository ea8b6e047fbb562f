import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { SESSION_COOKIE_NAMES } from '@/server/auth/cookie-names';
import { hashSecret } from '@/server/auth/session';
import { addressGroup } from '@/server/client-address';
import { getSessionWithUser } from '@/server/queries/sessions';
import type { WriteClient } from '@/server/front/write-admission';

/**
 * The routes where staff get their session: sign-in (the API, and the form's plain POST for a
 * browser without JavaScript), and accepting an invitation (which signs in).
 */
export const SIGN_IN_PATHS: ReadonlySet<string> = new Set(['/api/admin/login', '/admin/sign-in', '/api/admin/invitations/accept']);

/** How long a session's check is remembered, and how many are. */
const REMEMBER_MS = 30_000;
const REMEMBER_MAX = 1_000;
/** Checks running at once; past them a write is simply not given the staff lane (it is still served). */
const CHECKS_MAX = 16;

const SESSION_VALUE = new RegExp(
  `(?:^|;)\\s*(?:${SESSION_COOKIE_NAMES.plain}|${SESSION_COOKIE_NAMES.secure})=([A-Za-z0-9]{1,64}\\.[A-Za-z0-9]{1,64})\\s*(?:;|$)`,
);

/**
 * Which lane a write takes and whom it counts against (see `WriteAdmission`). A request that
 * carries a session cookie is looked up (one indexed read, off the serving thread, remembered
 * for 30 s): only a real, unexpired session of an active account gets the staff lane, so a
 * made-up cookie buys nothing. This decides the lane only; the app checks the session (and
 * the role) again as always.
 */
export class WriteClients {
  readonly #remembered = new Map<string, { sessionId: string | undefined; until: number }>();
  readonly #checking = new Map<string, Promise<string | undefined>>();

  /** The write's client: its staff session, else its address (IPv6 by /64), in the sign-in or anonymous lane. */
  of(cookieHeader: string | undefined, pathname: string, address: string): WriteClient | Promise<WriteClient> {
    const byAddress: WriteClient = { lane: SIGN_IN_PATHS.has(pathname) ? 'sign-in' : 'anonymous', key: addressGroup(address) };
    const token = cookieHeader === undefined ? undefined : SESSION_VALUE.exec(cookieHeader)?.[1];
    if (token === undefined) return byAddress;
    const staff = (sessionId: string | undefined): WriteClient => (sessionId === undefined ? byAddress : { lane: 'staff', key: sessionId });
    const known = this.#remembered.get(token);
    if (known && known.until > Date.now()) return staff(known.sessionId);
    return this.#check(token).then(staff);
  }

  #check(token: string): Promise<string | undefined> {
    const running = this.#checking.get(token);
    if (running) return running;
    if (this.#checking.size >= CHECKS_MAX) return Promise.resolve(undefined);
    const check = staffSessionOf(token)
      .catch(() => undefined)
      .then((sessionId) => {
        this.#checking.delete(token);
        this.#remembered.delete(token);
        if (this.#remembered.size >= REMEMBER_MAX) this.#remembered.delete(this.#remembered.keys().next().value ?? '');
        this.#remembered.set(token, { sessionId, until: Date.now() + REMEMBER_MS });
        return sessionId;
      });
    this.#checking.set(token, check);
    return check;
  }
}

/** The id of the session `token` (`id.secret`) names, if it is real, unexpired and its account active. */
async function staffSessionOf(token: string, now = new Date()): Promise<string | undefined> {
  const [id = '', secret = ''] = token.split('.');
  const row = await getSessionWithUser(id);
  if (!row) return undefined;
  const given = new TextEncoder().encode(hashSecret(secret));
  const stored = new TextEncoder().encode(row.session.secretHash);
  if (given.length !== stored.length || !constantTimeEqual(given, stored)) return undefined;
  if (row.account.deactivatedAt !== null || now >= row.session.expiresAt) return undefined;
  return id;
}
