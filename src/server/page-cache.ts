import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The on-demand pages that are cached, by Astro route pattern, each with the query
 * parameters it reads. Only those parameters are part of its cache key: any other
 * parameter (a tracking tag, a fuzzer's noise) is ignored, so it can never create an entry.
 */
export const CACHEABLE_ROUTES: Readonly<Record<string, readonly string[]>> = {
  '/': [],
  '/news': ['category', 'q', 'page'],
  '/article/[slug]': [],
  '/category/[slug]': ['page'],
  '/category/[slug]/rss.xml': [],
  '/author/[slug]': ['page'],
  '/author/[slug]/rss.xml': [],
  '/analytics': ['tab', 'report', 'page'],
  '/analytics/[id]': [],
  '/calendar': ['kind', 'page'],
  '/calendar.ics': [],
  '/markets': [],
  '/newsletter': [],
  '/markets/[slug]': ['range'],
  '/api/docs': [],
  '/rss.xml': [],
  '/sitemap.xml': [],
  '/sitemaps/pages.xml': [],
  '/sitemaps/articles-[n].xml': [],
};

/**
 * Whether a request is for one reader only and must neither be answered from nor stored in
 * the page cache: an article opened through a preview link (`?preview=`).
 */
export function isPrivatePageRequest(url: URL): boolean {
  return url.searchParams.has('preview');
}

/**
 * Pages show relative times ("3 hours ago") and scheduled articles fall due without a
 * write, so a cached page also expires with the minute it was rendered in.
 */
export const TIME_BUCKET_MS = 60_000;

/** Browsers and shared caches may store the page but must revalidate it on every use. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Bytes a cached page takes besides its bodies (headers, key, bookkeeping). */
const ENTRY_OVERHEAD = 1024;

/**
 * Changes with every build, and is part of every ETag, so a browser never revalidates a
 * page of the previous deploy.
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
  /** The response headers for each encoding, built once (hits allocate nothing). */
  sent: Record<'identity' | 'gzip' | 'br', Record<string, string>>;
}

/** The part of a cache key that names the page: the path and the parameters it reads, sorted. */
export function pageAddress(url: URL, params: readonly string[]): string {
  if (params.length === 0 || url.search === '') return url.pathname;
  const kept = new URLSearchParams();
  for (const name of params) {
    const value = url.searchParams.get(name);
    if (value !== null && value !== '') kept.set(name, value);
  }
  kept.sort();
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** The cache key of a page address for the current content version and time bucket. */
export function pageCacheKey(address: string, contentVersion: string, now: number = Date.now()): string {
  return `${contentVersion}|${Math.floor(now / TIME_BUCKET_MS)}|${address}`;
}

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
  // Pages are compressed hard; big files (a sitemap of 50,000 URLs) less so, to keep their first render quick.
  const large = raw.length > 512 * 1024;
  const gzip = gzipSync(raw, { level: large ? 6 : 9 });
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: large ? 4 : 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  const base = Object.fromEntries(headers.filter(([name]) => !/^content-(length|encoding)$/i.test(name)));
  return {
    status: 200,
    etag,
    headers,
    body: raw,
    gzip,
    br,
    sent: {
      identity: { ...base, 'content-length': String(raw.length) },
      gzip: { ...base, 'content-encoding': 'gzip', 'content-length': String(gzip.length) },
      br: { ...base, 'content-encoding': 'br', 'content-length': String(br.length) },
    },
  };
}

/**
 * The best stored encoding the client accepts (RFC 9110 `Accept-Encoding`, q-values
 * included: `br;q=0` refuses brotli; `*` stands for any encoding not listed).
 */
export function pickEncoding(acceptEncoding: string | null | undefined): 'br' | 'gzip' | undefined {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [token, ...options] = part.split(';').map((s) => s.trim());
    if (!token) continue;
    const q = options.find((o) => o.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return undefined;
}

/**
 * An in-process LRU of rendered pages, bounded in bytes. Entries of old content versions
 * simply age out. The production server owns one instance and hands it to Astro through
 * `locals`, so it can answer hits before Astro's request pipeline runs.
 */
export class PageCache {
  readonly maxBytes: number;
  readonly #entries = new Map<string, { page: CachedPage; path: string; size: number }>();
  /** For each path with stored entries: the parameters its route reads, and how many entries it has. */
  readonly #paths = new Map<string, { params: readonly string[]; entries: number }>();
  #bytes = 0;
  /** The content version and time bucket of the latest page stored (the start of its key). */
  #generation = '';

  constructor(maxBytes: number = 64 * 1024 * 1024) {
    this.maxBytes = maxBytes;
  }

  /** The parameters the page at this path reads, when some version of it is stored; else undefined. */
  paramsFor(pathname: string): readonly string[] | undefined {
    return this.#paths.get(pathname)?.params;
  }

  get(key: string): CachedPage | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, hit);
    return hit.page;
  }

  /** Stores a page rendered for `url` by a route reading `params`; a page over an eighth of the budget is not kept. */
  set(key: string, url: URL, params: readonly string[], page: CachedPage): void {
    const size = page.body.length + page.gzip.length + page.br.length + ENTRY_OVERHEAD + key.length * 2;
    if (size > this.maxBytes / 8) return;
    // Pages of an earlier content version or minute can never be asked for again: a store
    // of a new one lets them go at once, so memory holds only what can still be served.
    const generation = key.slice(0, key.indexOf('|', key.indexOf('|') + 1) + 1);
    if (generation !== this.#generation) {
      this.#generation = generation;
      for (const stored of [...this.#entries.keys()]) if (!stored.startsWith(generation)) this.#remove(stored);
    }
    this.#remove(key);
    this.#entries.set(key, { page, path: url.pathname, size });
    this.#bytes += size;
    const path = this.#paths.get(url.pathname);
    if (path) path.entries += 1;
    else this.#paths.set(url.pathname, { params, entries: 1 });
    while (this.#bytes > this.maxBytes) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#remove(oldest);
    }
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.size;
    const path = this.#paths.get(entry.path);
    if (path && --path.entries <= 0) this.#paths.delete(entry.path);
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }
}

/** What to send for a request the page cache can answer. */
export interface PageAnswer {
  status: number;
  headers: Record<string, string>;
  /** Undefined for 304 and HEAD. */
  body: Buffer | undefined;
}

export interface PageRequest {
  method: string;
  url: URL;
  ifNoneMatch: string | null | undefined;
  acceptEncoding: string | null | undefined;
}

/** The result of a lookup: an answer to send, or the key under which to store a fresh render. */
export type PageLookup = { answer: PageAnswer } | { miss: { key: string; etag: string } };

/** The answer for a stored page (or a 304 when the client holds it already). */
export function answerFor(page: CachedPage, request: PageRequest): PageAnswer {
  if (matchesEtag(request.ifNoneMatch, page.etag)) {
    return { status: 304, headers: { etag: page.etag, 'cache-control': PAGE_CACHE_CONTROL }, body: undefined };
  }
  const encoding = pickEncoding(request.acceptEncoding);
  const body = encoding ? page[encoding] : page.body;
  return { status: page.status, headers: page.sent[encoding ?? 'identity'], body: request.method === 'HEAD' ? undefined : body };
}

/**
 * The one page-cache lookup, used by the server before Astro runs and by Astro's
 * middleware: a 304 when the client's ETag is current, the stored page when there is one,
 * else the key and ETag a fresh render is stored under.
 */
export function lookupPage(cache: PageCache, request: PageRequest, params: readonly string[], contentVersion: string): PageLookup {
  const key = pageCacheKey(pageAddress(request.url, params), contentVersion);
  const page = cache.get(key);
  if (page) return { answer: answerFor(page, request) };
  // Not held here (another process may have rendered it): the ETag still tells whether the client has it.
  const etag = etagFor(key);
  if (matchesEtag(request.ifNoneMatch, etag)) {
    return { answer: { status: 304, headers: { etag, 'cache-control': PAGE_CACHE_CONTROL }, body: undefined } };
  }
  return { miss: { key, etag } };
}
