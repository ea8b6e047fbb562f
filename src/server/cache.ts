import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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

/**
 * Changes with every build, and is part of every ETag, so a browser never revalidates a
 * page of the previous deploy. (Cache keys need no build: the cache lives in one process.)
 */
const BUILD_ID = import.meta.env?.PROD ? ((import.meta.env['BUILD_ID'] as string | undefined) ?? 'build') : `dev-${Date.now()}`;

export interface CachedPage {
  status: number;
  etag: string;
  headers: [string, string][];
  body: Buffer;
  /** The body compressed once at store time, so hits cost no compression. */
  gzip: Buffer;
  br: Buffer;
}

/** The part of a cache key that names the page: path and sorted query. */
export function pageAddress(url: URL): string {
  const params = new URLSearchParams(url.searchParams);
  params.sort();
  return `${url.pathname}?${params.toString()}`;
}

/** The cache key of a URL for the current content version and time bucket. */
export function pageCacheKey(url: URL, contentVersion: string, now: number = Date.now()): string {
  return `${contentVersion}|${Math.floor(now / TIME_BUCKET_MS)}|${pageAddress(url)}`;
}

/** The page address inside a key made by pageCacheKey. */
const addressOfKey = (key: string) => key.slice(key.indexOf('|', key.indexOf('|') + 1) + 1);

/** A strong ETag for a cache key in this build: equal keys mean byte-equal pages. */
export function etagFor(key: string): string {
  return `"${createHash('sha256').update(`${BUILD_ID}|${key}`).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header matches the ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** Builds a cache entry, compressing the body once. */
export function cachedPage(body: string, headers: [string, string][], etag: string): CachedPage {
  const raw = Buffer.from(body);
  return {
    status: 200,
    etag,
    headers,
    body: raw,
    gzip: gzipSync(raw, { level: 9 }),
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
  };
}

/** The best encoding the client accepts among the stored ones. */
export function pickEncoding(acceptEncoding: string | null | undefined): 'br' | 'gzip' | undefined {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/**
 * A small in-process LRU of rendered pages. Entries of old versions simply age out. The
 * production server owns one instance and hands it to Astro through `locals`, so it can
 * answer hits before Astro's request pipeline runs.
 */
export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  /** How many entries each page address has, so a lookup that cannot hit costs nothing. */
  readonly #addresses = new Map<string, number>();

  /** Whether any version of this page is stored: if not, no need to read the content version. */
  mayHold(url: URL): boolean {
    return this.#addresses.has(pageAddress(url));
  }

  get(key: string): CachedPage | undefined {
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, page: CachedPage): void {
    if (!this.#entries.delete(key)) this.#count(key, 1);
    this.#entries.set(key, page);
    while (this.#entries.size > MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
      this.#count(oldest, -1);
    }
  }

  #count(key: string, delta: number): void {
    const address = addressOfKey(key);
    const n = (this.#addresses.get(address) ?? 0) + delta;
    if (n > 0) this.#addresses.set(address, n);
    else this.#addresses.delete(address);
  }

  get size(): number {
    return this.#entries.size;
  }
}
