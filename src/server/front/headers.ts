import type http from 'node:http';

/**
 * Who may frame a page: no site (every page), or any site (the embeds, `/embed/…`: a chart alone,
 * made to be framed; they set no cookie and take no input, so framing them risks nothing).
 */
export type Framing = 'none' | 'any';

/** The page's framing rule, by its path. */
export function framingOf(pathname: string): Framing {
  return pathname.startsWith('/embed/') ? 'any' : 'none';
}

/** Directives a <meta> CSP cannot carry; added to every CSP header, including Astro's. */
const FRAMING_CSP: Readonly<Record<Framing, string>> = { none: "frame-ancestors 'none'", any: 'frame-ancestors *' };

/** Appends the framing directive to a CSP the app set (Astro sends one on on-demand pages). */
export function withFramingPolicy(csp: string, framing: Framing = 'none'): string {
  return /frame-ancestors/.test(csp) ? csp : `${csp.trim().replace(/;$/, '')}; ${FRAMING_CSP[framing]}`;
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

/** The headers of a page any site may frame: no X-Frame-Options (it has no "anyone"), `frame-ancestors *`. */
const FRAMABLE_HEADERS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(SECURITY_HEADERS).filter(([name]) => name !== 'X-Frame-Options')),
  'Content-Security-Policy': withFramingPolicy("object-src 'none'; base-uri 'self'; form-action 'self'", 'any'),
};

/** The security headers for a site address and a framing rule: HSTS too when it is https. */
export function securityHeadersFor(siteUrl: string, framing: Framing = 'none'): Readonly<Record<string, string>> {
  const headers = framing === 'any' ? FRAMABLE_HEADERS : SECURITY_HEADERS;
  return siteUrl.startsWith('https:') ? { ...headers, 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : headers;
}

/**
 * Keeps the framing directive in any CSP set later (Astro sends its own on on-demand
 * pages). Headers reach Node through setHeader or writeHead's object, depending on which
 * wrapper (compression's on-headers, for one) got there first, so both are covered.
 */
export function mergeCspHeaders(res: http.ServerResponse, framing: Framing = 'none'): void {
  const isCsp = (name: unknown) => typeof name === 'string' && name.toLowerCase() === 'content-security-policy';
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) =>
    setHeader(name, isCsp(name) && typeof value === 'string' ? withFramingPolicy(value, framing) : value);
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse;
  res.writeHead = (...args: unknown[]) => {
    const headers = args.find((a) => typeof a === 'object' && a !== null && !Array.isArray(a)) as Record<string, unknown> | undefined;
    for (const [key, value] of Object.entries(headers ?? {})) {
      if (headers && isCsp(key) && typeof value === 'string') headers[key] = withFramingPolicy(value, framing);
    }
    return writeHead(...args);
  };
}

/** Sets the security headers on a response the app (or a static file) will write, and keeps its CSP's framing rule. */
export function secure(res: http.ServerResponse, headers: Readonly<Record<string, string>>, framing: Framing = 'none'): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  mergeCspHeaders(res, framing);
}
