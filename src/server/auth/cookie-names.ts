/**
 * The session cookie's names: `__Host-` prefixed (and Secure) when the site is served over
 * https (see cookie.ts). Apart from cookie.ts, which reads the configuration when loaded, so
 * the HTTP front can use them before any setting is read.
 */
export const SESSION_COOKIE_NAMES = { plain: 'session', secure: '__Host-session' } as const;

const SESSION_IN_HEADER = new RegExp(`(?:^|;\\s*)(?:${SESSION_COOKIE_NAMES.plain}|${SESSION_COOKIE_NAMES.secure})=[^;]`);

/** Whether a Cookie header carries a session cookie (either name), valid or not. */
export function carriesSession(cookieHeader: string | undefined): boolean {
  return SESSION_IN_HEADER.test(cookieHeader ?? '');
}
