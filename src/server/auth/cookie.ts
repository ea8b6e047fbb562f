import type { AstroCookies } from 'astro';
import { loadConfig } from '@/server/config';

const secure = loadConfig().siteUrl.startsWith('https:');

/** `__Host-` prefixed (and Secure) when the site is served over https. */
export const SESSION_COOKIE = secure ? '__Host-session' : 'session';

export function setSessionCookie(cookies: AstroCookies, token: string, expiresAt: Date): void {
  cookies.set(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expiresAt });
}

export function deleteSessionCookie(cookies: AstroCookies): void {
  cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0 });
}
