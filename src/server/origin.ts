const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a state-changing request may proceed: browsers must show it comes from this
 * site (Sec-Fetch-Site same-origin, or an Origin equal to ours). Astro's own origin check
 * covers form posts only, not JSON. Requests with neither header are not from a browser
 * page, so no cross-site forgery is possible through them.
 */
export function isAllowedWrite(request: Request, siteOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const fetchSite = request.headers.get('Sec-Fetch-Site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
  const origin = request.headers.get('Origin');
  if (origin !== null && origin !== siteOrigin) return false;
  return true;
}
