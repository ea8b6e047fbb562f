import type { AstroCookies } from 'astro';
import { SESSION_COOKIE_NAMES } from '@/server/auth/cookie-names';
import { loadConfig } from '@/server/config';

const secure = loadConfig().siteUrl.startsWith('https:');

export const SESSION_COOKIE = secure ? SESSION_COOKIE_NAMES.secure : SESSION_COOKIE_NAMES.plain;

export function setSessionCookie(cookies: AstroCookies, token: string, expiresAt: Date): void {
  cookies.set(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expiresAt });
}

export function deleteSessionCookie(cookies: AstroCookies): void {
  cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0 });
}
