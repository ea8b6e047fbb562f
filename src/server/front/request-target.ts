/** What the front makes of a request's target (the path and query of the request line). */
export type RequestTarget =
  | { kind: 'path'; url: URL }
  /** `//news`: a path with its leading slashes doubled, answered with a redirect to the single-slash path. */
  | { kind: 'doubled-slash'; location: string }
  /** `OPTIONS *`: a question about the server as a whole. */
  | { kind: 'asterisk' }
  | { kind: 'invalid' };

const ORIGIN = 'http://localhost';

/**
 * Reads a request target defensively: origin-form (`/path?query`) and absolute-form
 * (`http://host/path`, whose host is ignored: the site answers only as `SITE_URL`). A target
 * that is neither, or whose path does not decode, is invalid (400), never an exception (a
 * path that decodes but names no page, a NUL in it say, is the app's 404). `new URL(target, base)` is not used: it reads `//x/` as
 * a host.
 */
export function parseRequestTarget(method: string, target: string | undefined): RequestTarget {
  const raw = target ?? '';
  if (raw === '*') return method === 'OPTIONS' ? { kind: 'asterisk' } : { kind: 'invalid' };
  let url: URL;
  try {
    if (raw.startsWith('/')) url = new URL(`${ORIGIN}${raw}`);
    else if (/^https?:\/\//i.test(raw)) {
      const absolute = new URL(raw);
      url = new URL(`${ORIGIN}${absolute.pathname}${absolute.search}`);
    } else return { kind: 'invalid' };
  } catch {
    return { kind: 'invalid' };
  }
  try {
    decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'invalid' };
  }
  if (url.pathname.startsWith('//')) {
    // Only ever a path on this site: one leading slash, so no browser reads it as another host.
    const location = `/${url.pathname.replace(/^\/+/, '')}${url.search}`;
    return { kind: 'doubled-slash', location };
  }
  return { kind: 'path', url };
}
