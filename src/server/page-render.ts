import type { IncomingHttpHeaders } from 'node:http';
import { appConfig } from '@/server/config';
import { withRenderScope } from '@/server/cache/render-scope';
import { tag } from '@/server/cache/tags';
import { pageCacheControl } from '@/server/cache/routes';
import { cachedPage, compressOffThread, contentTypeOf, etagFor, type CachedPage } from '@/server/cache/stored-page';
import { EVERY_PAGE_TAG, type PageCache } from '@/server/cache/page-cache';

/**
 * A cacheable page as one render made it: its answer, and what it showed (its tags, until when
 * it is current). Made by the app (`renderPage`), on the serving thread or on the process's
 * render thread (which sends it back as an HTTP answer, `renderedAnswer`), and kept by the
 * serving thread (`storeRendered`).
 */
export interface RenderedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  /** What the page shows, without the tag every page carries. */
  tags: readonly string[];
  validUntil: number | undefined;
  /** The Astro route pattern, for the render-time metric. */
  route: string;
}

/** Renders pages for the serving thread, on a thread of their own. */
export interface PageRenderer {
  /**
   * Renders the page at an address (path and query) on the render thread; undefined when the
   * thread is not running or failed to render it, so the caller renders it itself.
   */
  render(address: string): Promise<RenderedPage | undefined>;
  /** Whether the thread is up and answering. */
  readonly ready: boolean;
  close(): Promise<void>;
}

/** The headers between the serving thread and its render thread (never sent to a reader). */
export const RENDER_HEADERS = { secret: 'x-render-secret', validUntil: 'x-render-valid-until', route: 'x-render-route' } as const;

/** The most tags a page names in its headers; a page showing more is tagged by its lists instead (and `any`). */
const MAX_PAGE_TAGS = 80;

/**
 * Renders a cacheable page (`next` runs the route) and says what it showed: the tags its
 * components noted, the moment it stops being current, and the headers every page carries
 * for caches (`Cache-Control`, `Surrogate-Key`, `Cache-Tag`, ETag).
 */
export async function renderPage(next: () => Promise<Response>, route: string): Promise<RenderedPage> {
  const { result: response, scope } = await withRenderScope(next);
  const body = Buffer.from(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  const etag = etagFor(body);
  headers.set('ETag', etag);
  headers.set('Vary', 'Accept-Encoding');
  if (response.status !== 200) {
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
    return { status: response.status, headers: [...headers.entries()], body, etag, tags: [], validUntil: undefined, route };
  }
  const tags =
    scope.tags.size === 0
      ? [tag.untagged]
      : scope.tags.size > MAX_PAGE_TAGS
        ? [tag.untagged, ...[...scope.tags].filter((t) => t.startsWith('l:'))]
        : [...scope.tags];
  const validFor = scope.validUntil === undefined ? undefined : Math.ceil((scope.validUntil - Date.now()) / 1000);
  // A file whose address names its version (a link-preview image's `?v=`) says itself that it never changes there.
  if (!/\bimmutable\b/.test(headers.get('Cache-Control') ?? '')) {
    headers.set('Cache-Control', pageCacheControl({ purged: appConfig().sharedCache !== undefined, validForSeconds: validFor }));
  }
  const named = [EVERY_PAGE_TAG, ...tags];
  headers.set('Surrogate-Key', named.join(' '));
  headers.set('Cache-Tag', named.join(','));
  return { status: 200, headers: [...headers.entries()], body, etag, tags, validUntil: scope.validUntil, route };
}

/** A rendered page's headers as a render hop sends them: the page's own, plus what the serving thread needs to keep it. */
export function renderedHeaders(page: RenderedPage): [string, string][] {
  const headers: [string, string][] = [...page.headers, [RENDER_HEADERS.route, page.route]];
  if (page.validUntil !== undefined) headers.push([RENDER_HEADERS.validUntil, String(page.validUntil)]);
  return headers;
}

/** The render thread's answer for a rendered page (`renderedFromAnswer` reads it back). */
export function renderedAnswer(page: RenderedPage): Response {
  return new Response(new Uint8Array(page.body), { status: page.status, headers: renderedHeaders(page) });
}

/** Headers of the HTTP hop to the render thread, not of the page. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', RENDER_HEADERS.route, RENDER_HEADERS.validUntil]);

/**
 * A rendered page read back from the render thread's answer; undefined for a fault of the
 * thread (a 5xx, or an answer that is not a render's), which the caller renders itself.
 */
export function renderedFromAnswer(status: number, raw: IncomingHttpHeaders, body: Buffer): RenderedPage | undefined {
  const route = raw[RENDER_HEADERS.route];
  const etag = raw['etag'];
  if (status >= 500 || typeof route !== 'string' || typeof etag !== 'string') return undefined;
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined || HOP_HEADERS.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.push([name, one]);
  }
  const validUntil = Number(raw[RENDER_HEADERS.validUntil] ?? Number.NaN);
  const named = status === 200 ? String(raw['surrogate-key'] ?? '').split(' ') : [];
  return {
    status,
    headers,
    body,
    etag,
    tags: named.filter((t) => t !== '' && t !== EVERY_PAGE_TAG),
    validUntil: Number.isFinite(validUntil) ? validUntil : undefined,
    route,
  };
}

/**
 * Keeps a rendered page in the cache (compressed on the thread pool) and answers it: a 200 is
 * stored with its tags (stale if a purge since `renderedSince` concerns it), anything else (a
 * 404, a redirect) is answered but leaves no entry, and forgets the address's previous page.
 */
export async function storeRendered(
  cache: PageCache,
  address: string,
  url: URL,
  params: readonly string[],
  rendered: RenderedPage,
  renderedSince: number,
): Promise<CachedPage> {
  const page = cachedPage(
    rendered.body,
    rendered.headers,
    rendered.etag,
    rendered.status,
    await compressOffThread(rendered.body, contentTypeOf(rendered.headers)),
  );
  if (rendered.status !== 200) cache.delete(address);
  else cache.set(address, url, params, page, rendered.tags, rendered.validUntil, renderedSince);
  return page;
}

/** Renders stale pages afresh in the background (`backgroundRevalidation`). */
export interface Revalidation {
  /** Starts the background render of the page at `address` (of a route reading `params`), unless one is running. */
  start(address: string, params: readonly string[]): void;
  /**
   * The same, answering when the page is stored afresh, dropped or failed (the render
   * already running, if one is): what a write's settling waits for.
   */
  run(address: string, params: readonly string[]): Promise<void>;
}

/**
 * Renders stale pages afresh in the background, once each, on the process's render thread,
 * and keeps them. When the thread cannot render one, the stale page is dropped instead, so
 * the next reader's miss renders it on the serving thread (a page is never left stale).
 */
export function backgroundRevalidation(cache: PageCache, renderer: PageRenderer): Revalidation {
  const running = new Map<string, Promise<void>>();
  const run = (address: string, params: readonly string[]): Promise<void> => {
    const current = running.get(address);
    if (current) return current;
    // A reader's render of it (an editor's) is under way instead: wait for that one.
    if (!cache.claimRevalidation(address)) return cache.renderingOf(address)?.then(() => undefined) ?? Promise.resolve();
    cache.counts.renders++;
    const renderedSince = cache.purgeSeq;
    const revalidation = renderer
      .render(address)
      .then(async (rendered) => {
        if (rendered) await storeRendered(cache, address, new URL(address, 'http://localhost'), params, rendered, renderedSince);
        else cache.delete(address);
      })
      .catch((error: unknown) => {
        console.error(
          JSON.stringify({ event: 'page_revalidation_failed', address, message: error instanceof Error ? error.message : String(error) }),
        );
        cache.delete(address);
      })
      .finally(() => {
        running.delete(address);
        cache.revalidated(address);
      });
    running.set(address, revalidation);
    return revalidation;
  };
  return { run, start: (address, params) => void run(address, params) };
}
