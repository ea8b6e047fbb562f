import type http from 'node:http';

/** Directives a <meta> CSP cannot carry; added to every CSP header, including Astro's. */
const FRAMING_CSP = "frame-ancestors 'none'";

/** Appends the framing directive to a CSP the app set (Astro sends one on on-demand pages). */
export function withFramingPolicy(csp: string): string {
  return /frame-ancestors/.test(csp) ? csp : `${csp.trim().replace(/;$/, '')}; ${FRAMING_CSP}`;
}

/** Headers on every response: CSP framing and plugin rules, sniffing, referrer. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': withFramingPolicy("object-src 'none'; base-uri 'self'; form-action 'self'"),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
};

/** The security headers for a site address: HSTS too when it is https. */
export function securityHeadersFor(siteUrl: string): Readonly<Record<string, string>> {
  return siteUrl.startsWith('https:')
    ? { ...SECURITY_HEADERS, 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
    : SECURITY_HEADERS;
}

/**
 * Keeps the framing directive in any CSP set later (Astro sends its own on on-demand
 * pages). Headers reach Node through setHeader or writeHead's object, depending on which
 * wrapper (compression's on-headers, for one) got there first, so both are covered.
 */
export function mergeCspHeaders(res: http.ServerResponse): void {
  const isCsp = (name: unknown) => typeof name === 'string' && name.toLowerCase() === 'content-security-policy';
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) =>
    setHeader(name, isCsp(name) && typeof value === 'string' ? withFramingPolicy(value) : value);
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse;
  res.writeHead = (...args: unknown[]) => {
    const headers = args.find((a) => typeof a === 'object' && a !== null && !Array.isArray(a)) as Record<string, unknown> | undefined;
    for (const [key, value] of Object.entries(headers ?? {})) {
      if (headers && isCsp(key) && typeof value === 'string') headers[key] = withFramingPolicy(value);
    }
    return writeHead(...args);
  };
}

/** Sets the security headers on a response the app (or a static file) will write, and keeps its CSP framed. */
export function secure(res: http.ServerResponse, headers: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  mergeCspHeaders(res);
}
