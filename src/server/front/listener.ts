import type http from 'node:http';
import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import sirv from 'sirv';
import { type AppConfig } from '@/server/config';
import { knownContentVersion, readContentVersion } from '@/server/content-version';
import { messages } from '@/server/errors';
import { PageCache, answerFor, isPrivatePageRequest, lookupPage, pickEncoding, type PageAnswer } from '@/server/page-cache';
import { secure, securityHeadersFor, withFramingPolicy } from '@/server/front/headers';
import { loadPrerenderedPages } from '@/server/front/prerendered';
import { parseRequestTarget } from '@/server/front/request-target';
import { answerInsteadOfApp, sendJsonMessage } from '@/server/front/responses';
import { WriteAdmission, watchBody, type BodyDeadline } from '@/server/front/write-admission';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, next?: (err?: unknown) => void, locals?: object) => void;

/** The largest body of any request but an image upload. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** The one route that takes larger bodies (image uploads, up to MEDIA_MAX_MB). */
const MEDIA_UPLOAD_PATH = '/api/admin/media';

/** Methods the site answers at all; anything else (TRACE, CONNECT, …) is a 405 before the app runs. */
export const KNOWN_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ALLOW = [...KNOWN_METHODS].join(', ');

/** Writes one web process runs at a time, and how long a write may wait for a turn before it is answered 503. */
export const WRITE_SLOTS = 8;
export const WRITE_WAIT_MS = 5_000;
/** The Retry-After of a write refused because every slot stayed busy. */
const WRITE_RETRY_AFTER_S = 2;

/**
 * A write's body must keep arriving: no byte for 5 s is a stalled client (408), and the whole
 * body within 30 s, plus a second for every 64 KB of a large upload.
 */
export function bodyDeadlineFor(declaredBytes: number): BodyDeadline {
  return { idleMs: 5_000, totalMs: 30_000 + Math.ceil(declaredBytes / 64) };
}

/**
 * A write admitted runs at most this long before its connection is closed, so a response
 * that never ends (a bug, an upstream that hangs) cannot hold a slot for good.
 */
const WRITE_RUN_MAX_MS = 120_000;

const isWrite = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';

/** How long, and how many bytes, a body nobody reads is drained after its answer before the connection closes. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * A response sent before the request's body was read (a 413, a 401, a refusal) leaves the
 * rest of that body on the connection, where it would be parsed as the next request: such a
 * response says `Connection: close`. The connection is not cut at once, though: a client
 * still sending would get a reset (EPIPE) instead of the answer. As nginx's lingering close
 * does, the rest of the body is read and dropped for a moment, then the connection closes.
 */
function closeAfterUnreadBody(req: http.IncomingMessage, res: http.ServerResponse): void {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return;
  const socket = req.socket;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse;
  res.writeHead = (...args: unknown[]) => {
    if (!req.complete) res.setHeader('Connection', 'close');
    return writeHead(...args);
  };
  res.once('finish', () => {
    if (req.complete || socket.destroyed) return;
    let drained = 0;
    const close = () => {
      clearTimeout(timer);
      if (!socket.destroyed) socket.destroySoon();
    };
    const timer = setTimeout(close, LINGER_MS);
    req.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > LINGER_BYTES) close();
    });
    req.once('end', close);
    req.once('error', close);
    req.resume();
  });
}

/** Header sets already merged with the security headers, per answer's header object (built once per cached page). */
const mergedHeaders = new WeakMap<Record<string, string>, Record<string, string>>();

/**
 * Sends an answer from memory with one writeHead: the security headers and the page's own
 * merged once per stored page, so a hit costs no header bookkeeping.
 */
function sendAnswer(res: http.ServerResponse, answer: PageAnswer, securityHeaders: Readonly<Record<string, string>>): void {
  let headers = mergedHeaders.get(answer.headers);
  if (!headers) {
    headers = { ...securityHeaders };
    for (const [name, value] of Object.entries(answer.headers)) {
      headers[name] = name.toLowerCase() === 'content-security-policy' ? withFramingPolicy(value) : value;
    }
    // A page's own CSP replaces the default one.
    if ('content-security-policy' in answer.headers) delete headers['Content-Security-Policy'];
    mergedHeaders.set(answer.headers, headers);
  }
  res.writeHead(answer.status, headers);
  res.end(answer.body);
}

/**
 * Logs an error the front caught and answers the request if it still can: a 500 for a fault
 * of ours (never a stack trace), else the connection is closed. The process goes on serving.
 */
function failRequest(req: http.IncomingMessage, res: http.ServerResponse, error: unknown): void {
  console.error(
    JSON.stringify({
      event: 'request_failed',
      method: req.method,
      path: (req.url ?? '').slice(0, 200),
      message: error instanceof Error ? error.message : String(error),
    }),
  );
  if (res.headersSent || res.writableEnded) {
    res.destroy();
    return;
  }
  try {
    sendJsonMessage(res, 500, messages.internal);
  } catch {
    res.destroy();
  }
}

/** Builds the request listener around the built Astro app in `distDir`. */
export async function createRequestListener(config: AppConfig, distDir: string): Promise<http.RequestListener> {
  const entry = join(distDir, 'server/entry.mjs');
  if (!existsSync(entry)) throw new Error(`No build at ${entry}: run npm run build (npm start builds when needed).`);
  // The build this process serves stays the same even if a new one is swapped in meanwhile.
  const build = realpathSync(distDir);
  const { handler: astro } = (await import(pathToFileURL(join(build, 'server/entry.mjs')).href)) as { handler: Handler };
  const compress = compression({ threshold: 1024 }) as unknown as Handler;
  const prerendered = loadPrerenderedPages(join(build, 'client'), config);
  const sirvAssets = sirv(join(build, 'client'), {
    etag: true,
    dotfiles: false,
    // The build wrote .br and .gz copies of the hashed assets (scripts/build.mjs).
    brotli: true,
    gzip: true,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=86400');
    },
  });
  // sirv picks a precompressed copy by substring; decide by the header's q-values first.
  const assets: Handler = (req, res, next) => {
    req.headers['accept-encoding'] = pickEncoding(req.headers['accept-encoding']) ?? 'identity';
    sirvAssets(req, res, next);
  };
  const pageCache = new PageCache(config.pageCacheBytes);
  const writes = new WriteAdmission({ slots: WRITE_SLOTS, maxWaitMs: WRITE_WAIT_MS });
  // An image upload may be as large as MEDIA_MAX_MB, with room for the form around it.
  const uploadBodyBytes = config.mediaMaxBytes + 64 * 1024;
  const securityHeaders = securityHeadersFor(config.siteUrl);

  /**
   * Answers from memory when it can: a prerendered page, or a cached on-demand page of the
   * current content version. Synchronous while the content version is known without a query.
   */
  const fromMemory = (req: http.IncomingMessage, url: URL): PageAnswer | undefined | Promise<PageAnswer | undefined> => {
    const request = { method: req.method ?? 'GET', url, ifNoneMatch: req.headers['if-none-match'], acceptEncoding: req.headers['accept-encoding'] };
    const page = prerendered.get(url.pathname);
    if (page) return answerFor(page, request);
    if (isPrivatePageRequest(url)) return undefined;
    // Paths no page of which is stored (static files, pages not rendered yet) skip the content version.
    const params = pageCache.paramsFor(url.pathname);
    if (!params) return undefined;
    const lookup = (version: string) => {
      const found = lookupPage(pageCache, request, params, version);
      return 'answer' in found ? found.answer : undefined;
    };
    const version = knownContentVersion();
    return version === undefined ? readContentVersion().then(lookup) : lookup(version);
  };

  /** A write, once admitted: its body must keep arriving, and it may not run for ever. */
  const runWrite = (req: http.IncomingMessage, res: http.ServerResponse, app: () => void) => {
    const declared = Number(req.headers['content-length'] ?? 0) || 0;
    watchBody(req, res, bodyDeadlineFor(declared), () => {
      answerInsteadOfApp(res, 408, messages.requestTimeout, { Connection: 'close' });
    });
    const limit = setTimeout(() => res.destroy(), WRITE_RUN_MAX_MS);
    res.once('close', () => clearTimeout(limit));
    compress(req, res, app);
  };

  const handle = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    closeAfterUnreadBody(req, res);
    const method = req.method ?? '';
    const target = parseRequestTarget(method, req.url);
    // Every answer but a page from memory (whose headers are merged once per page) gets the security headers here.
    if (target.kind !== 'path' || method !== 'GET') secure(res, securityHeaders);
    if (!KNOWN_METHODS.has(method)) {
      sendJsonMessage(res, 405, messages.methodNotAllowed, { Allow: ALLOW });
      return;
    }
    if (target.kind === 'asterisk') {
      res.writeHead(204, { Allow: ALLOW, 'Content-Length': '0' });
      res.end();
      return;
    }
    if (target.kind === 'invalid') {
      sendJsonMessage(res, 400, messages.badRequestTarget);
      return;
    }
    if (target.kind === 'doubled-slash') {
      if (method === 'GET' || method === 'HEAD') {
        res.writeHead(301, { Location: target.location, 'Content-Length': '0', 'Cache-Control': 'public, max-age=3600' });
        res.end();
      } else sendJsonMessage(res, 404, messages.notFound);
      return;
    }
    const { url } = target;
    // The app sees the origin-form target only (an absolute-form request's host is ignored).
    req.url = `${url.pathname}${url.search}`;
    if (Number(req.headers['content-length'] ?? 0) > (url.pathname === MEDIA_UPLOAD_PATH ? uploadBodyBytes : MAX_BODY_BYTES)) {
      sendJsonMessage(res, 413, messages.tooLarge);
      return;
    }
    // Without a `next`, Astro renders its own 404 page for paths no route matches.
    const app = () => astro(req, res, undefined, { pageCache });
    if (isWrite(method)) {
      writes.admit(
        res,
        () => runWrite(req, res, app),
        () => sendJsonMessage(res, 503, messages.writesBusy, { 'Retry-After': String(WRITE_RETRY_AFTER_S) }),
      );
      return;
    }
    if (url.pathname.startsWith('/api/') || method === 'OPTIONS') {
      if (method === 'GET') secure(res, securityHeaders);
      compress(req, res, app);
      return;
    }
    const respond = (answer: PageAnswer | undefined) => {
      if (answer) sendAnswer(res, answer, securityHeaders);
      else {
        if (method === 'GET') secure(res, securityHeaders);
        compress(req, res, () => assets(req, res, app));
      }
    };
    const answer = fromMemory(req, url);
    if (!(answer instanceof Promise)) {
      respond(answer);
      return;
    }
    answer
      .catch((error: unknown) => {
        console.error('Page cache lookup failed:', error);
        return undefined;
      })
      .then(respond)
      .catch((error: unknown) => failRequest(req, res, error));
  };

  // The error boundary: whatever a request does, it is answered (or closed) and the process serves on.
  return (req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      failRequest(req, res, error);
    }
  };
}
