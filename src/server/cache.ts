import { createHash } from 'node:crypto';

/**
 * On-demand pages that are cached (CONTRACT section 3). Matched by Astro's route pattern,
 * never by raw path.
 */
export const CACHEABLE_ROUTES = new Set(['/', '/news', '/article/[slug]', '/analytics', '/rss.xml', '/sitemap.xml']);

/**
 * Pages show relative times ("3 hours ago") and scheduled articles fall due without a
 * write, so a cached page also expires with the minute it was rendered in.
 */
export const TIME_BUCKET_MS = 60_000;

/** Browsers and shared caches may store the page but must revalidate it on every use. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

const MAX_ENTRIES = 500;

/** Changes with every build, so a deploy never serves the previous build's pages. */
const BUILD_ID = import.meta.env.PROD ? ((import.meta.env['BUILD_ID'] as string | undefined) ?? 'build') : `dev-${Date.now()}`;

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
}

/** The cache key of a URL for the current content version and time bucket. */
export function pageCacheKey(url: URL, contentVersion: string, now: number = Date.now()): string {
  const params = new URLSearchParams(url.searchParams);
  params.sort();
  return `${BUILD_ID}|${contentVersion}|${Math.floor(now / TIME_BUCKET_MS)}|${url.pathname}?${params.toString()}`;
}

/** A strong ETag for a cache key: equal keys mean byte-equal pages. */
export function etagFor(key: string): string {
  return `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header matches the ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** A small in-process LRU of rendered pages. Entries of old versions simply age out. */
export class PageCache {
  readonly #entries = new Map<string, CachedPage>();

  get(key: string): CachedPage | undefined {
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, page: CachedPage): void {
    this.#entries.delete(key);
    this.#entries.set(key, page);
    while (this.#entries.size > MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
