// A page as the cache stores and sends it: its strong ETag, its bodies compressed once (off the
// answering thread), the headers of each encoding built once, and the answer to a request for
// it (a 304, the encoding the client accepts, HEAD without a body).
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip as gzipAsync, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import { STALE_PAGE_CACHE_CONTROL } from '@/server/cache/routes';

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
  /** The headers of a 304 for it. */
  notModified: Record<string, string>;
}

/** A strong ETag of a page's bytes in this build: equal ETags mean byte-equal pages. */
export function etagFor(body: string | Buffer): string {
  return `"${createHash('sha256').update(BUILD_ID).update('|').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header matches the ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** Headers a 304 repeats from the page it stands for (RFC 9110 15.4.5). */
const NOT_MODIFIED_HEADERS = ['etag', 'cache-control', 'vary', 'surrogate-key', 'cache-tag', 'x-cache'];

/** The stored encodings of a page's body. */
export interface CompressedBodies {
  gzip: Buffer;
  br: Buffer;
}

/** Pages are compressed hard; big files (a sitemap of 50,000 URLs) less so, to keep their first render quick. */
const compressionOptions = (raw: Buffer): { gzip: ZlibOptions; br: BrotliOptions } => {
  const large = raw.length > 512 * 1024;
  return {
    gzip: { level: large ? 6 : 9 },
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: large ? 4 : 6, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } },
  };
};

const gzipOffThread = promisify(gzipAsync);
const brotliOffThread = promisify(brotliCompress);

/**
 * Compresses a body on libuv's thread pool, so a render's compression (several milliseconds
 * for a page at brotli 9) never holds the thread that answers readers.
 */
export async function compressOffThread(body: string | Buffer, contentType?: string): Promise<CompressedBodies | null> {
  if (isCompressedType(contentType)) return null;
  const raw = typeof body === 'string' ? Buffer.from(body) : body;
  const options = compressionOptions(raw);
  const [gzip, br] = await Promise.all([gzipOffThread(raw, options.gzip), brotliOffThread(raw, options.br)]);
  return { gzip, br };
}

/** A header list's Content-Type. */
export function contentTypeOf(headers: readonly [string, string][]): string | undefined {
  return headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
}

/**
 * Bodies compressed already (images, archives): gzip or brotli would spend a thread's time and
 * two more copies in the cache to save nothing.
 */
export function isCompressedType(contentType: string | undefined): boolean {
  return contentType !== undefined && /^(image\/(png|jpeg|gif|webp|avif)|application\/(zip|gzip|pdf))\b/i.test(contentType);
}

/**
 * Builds a cache entry from a body and its encodings (`compressOffThread`); without them the
 * body is compressed here, on this thread (start-up work, tests). A body of a compressed type
 * (`isCompressedType`) is kept once and sent as it is whatever the client accepts.
 */
export function cachedPage(
  body: string | Buffer,
  headers: [string, string][],
  etag: string,
  status = 200,
  compressed?: CompressedBodies | null,
): CachedPage {
  const raw = typeof body === 'string' ? Buffer.from(body) : body;
  const contentType = contentTypeOf(headers);
  const base = Object.fromEntries(headers.filter(([name]) => !/^content-(length|encoding)$/i.test(name)).map(([n, v]) => [n.toLowerCase(), v]));
  base['etag'] = etag;
  base['x-cache'] = 'HIT';
  const identity = { ...base, 'content-length': String(raw.length) };
  const notModified = Object.fromEntries(Object.entries(base).filter(([name]) => NOT_MODIFIED_HEADERS.includes(name)));
  if (compressed === null || isCompressedType(contentType)) {
    // One copy: the "encodings" are the body itself, sent with the identity headers.
    return { status, etag, headers, body: raw, gzip: raw, br: raw, sent: { identity, gzip: identity, br: identity }, notModified };
  }
  const options = compressed ? undefined : compressionOptions(raw);
  const gzip = compressed?.gzip ?? gzipSync(raw, options?.gzip);
  const br = compressed?.br ?? brotliCompressSync(raw, options?.br);
  return {
    status,
    etag,
    headers,
    body: raw,
    gzip,
    br,
    sent: {
      identity,
      gzip: { ...base, 'content-encoding': 'gzip', 'content-length': String(gzip.length) },
      br: { ...base, 'content-encoding': 'br', 'content-length': String(br.length) },
    },
    notModified,
  };
}

/**
 * The best stored encoding the client accepts (RFC 9110 `Accept-Encoding`, q-values
 * included: `br;q=0` refuses brotli; `*` stands for any encoding not listed).
 */
export function pickEncoding(acceptEncoding: string | null | undefined): 'br' | 'gzip' | undefined {
  // Every hit asks, and clients send the same few headers over and over: no header is
  // identity at once, and the last header parsed is answered again without parsing.
  if (!acceptEncoding) return undefined;
  if (acceptEncoding === lastAcceptEncoding) return lastEncoding;
  lastEncoding = parseEncoding(acceptEncoding);
  lastAcceptEncoding = acceptEncoding;
  return lastEncoding;
}

let lastAcceptEncoding: string | undefined;
let lastEncoding: 'br' | 'gzip' | undefined;

function parseEncoding(acceptEncoding: string): 'br' | 'gzip' | undefined {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
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

/**
 * How a page was had: from memory and current, from memory while its new version renders,
 * or rendered for this request. Said in `X-Cache` (HIT, STALE, MISS).
 */
export type PageState = 'fresh' | 'stale' | 'rendered';

/** The answer for a stored page (or a 304 when the client holds it already). */
export function answerFor(page: CachedPage, request: PageRequest, state: PageState = 'fresh'): PageAnswer {
  const notModified = matchesEtag(request.ifNoneMatch, page.etag);
  const encoding = pickEncoding(request.acceptEncoding);
  // A fresh hit sends headers built once; a stale or rendered answer (rarer) copies them to say so.
  const stored = notModified ? page.notModified : page.sent[encoding ?? 'identity'];
  const headers =
    state === 'fresh'
      ? stored
      : { ...stored, 'x-cache': state === 'stale' ? 'STALE' : 'MISS', ...(state === 'stale' && { 'cache-control': STALE_PAGE_CACHE_CONTROL }) };
  if (notModified) return { status: 304, headers, body: undefined };
  const body = encoding ? page[encoding] : page.body;
  return { status: page.status, headers, body: request.method === 'HEAD' ? undefined : body };
}
