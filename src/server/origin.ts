import type { AppConfig } from '@/server/config';

/** What a check reads of a request's headers: a fetch `Headers`, or the front's view of Node's. */
export interface HeaderReader {
  get(name: string): string | null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins a browser page of this site has: the configured `SITE_URL`'s, and when that
 * is a loopback address, the loopback names on the port the server listens on, over http
 * or https (a local server answers as localhost, 127.0.0.1 and [::1] alike, perhaps behind
 * a local TLS proxy).
 */
export function siteOrigins(config: Pick<AppConfig, 'siteUrl' | 'port'>): Set<string> {
  const site = new URL(config.siteUrl);
  const origins = new Set([site.origin]);
  if (LOOPBACK_HOSTS.includes(site.hostname)) {
    for (const host of LOOPBACK_HOSTS) for (const scheme of ['http:', 'https:']) origins.add(`${scheme}//${host}:${config.port}`);
  }
  return origins;
}

/**
 * Whether a state-changing request may proceed: a browser must show it comes from one of
 * this site's own pages (Sec-Fetch-Site same-origin, and an Origin that is one of the
 * configured site's origins, never merely equal to the Host the request claims). Requests
 * with neither header are not from a browser page, so no cross-site forgery is possible
 * through them.
 */
export function isAllowedWrite(request: Pick<Request, 'method'> & { headers: HeaderReader }, allowedOrigins: ReadonlySet<string>): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const fetchSite = request.headers.get('Sec-Fetch-Site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
  const origin = request.headers.get('Origin');
  if (origin !== null && !allowedOrigins.has(origin)) return false;
  return true;
}

/**
 * The one write exempt from the same-origin check: RFC 8058 one-click unsubscribe, a `POST`
 * to the List-Unsubscribe address that mail providers send from their own servers or
 * webmail pages (another origin, no cookies). The token in its address is the whole
 * authority and it can only stop mail, so a forged request gains nothing. Exactly this route
 * pattern and method; nothing else.
 */
export function isOriginExemptWrite(routePattern: string, method: string): boolean {
  return routePattern === '/newsletter/unsubscribe' && method === 'POST';
}
