import type http from 'node:http';
import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import sirv from 'sirv';
import { type AppConfig } from '@/server/config';
import { messages } from '@/server/errors';
import { createChangeStamp, createPurgeStamp, databaseFilePath } from '@db/change-stamp';
import { carriesSession } from '@/server/auth/cookie-names';
import { PurgeFollower } from '@/server/cache/purge-follower';
import { recordRequest, watchOutbox, watchPageCache, watchPurgeFollower, watchWrites } from '@/server/metrics';
import { countPendingMail } from '@/server/queries/outbox';
import { checkReadiness, watchDatabaseFile } from '@/server/services/site/health';
import { processViewCounter } from '@/server/services/readership/views';
import { isPrivatePageRequest, pageAddress } from '@/server/cache/routes';
import { answerFor, pickEncoding, type PageAnswer } from '@/server/cache/stored-page';
import { PageCache } from '@/server/cache/page-cache';
import { backgroundRevalidation } from '@/server/page-render';
import { pageSettler, settleHere } from '@/server/cache/settle';
import { processRenderer } from '@/server/front/render-thread';
import { framingOf, secure, securityHeadersFor } from '@/server/front/headers';
import { loadPrerenderedPages } from '@/server/front/prerendered';
import { parseRequestTarget } from '@/server/front/request-target';
import { answerInsteadOfApp, failRequest, sendAnswer, sendJsonMessage, sendPlainMessage } from '@/server/front/responses';
import { closeAfterUnreadBody } from '@/server/front/lingering-close';
import { continueIfExpected, hasUnmetExpectation, hostProblem } from '@/server/front/request-head';
import { WRITE_ADMISSION, WriteAdmission, watchBody, type BodyDeadline, type WriteClient } from '@/server/front/write-admission';
import { WriteClients } from '@/server/front/write-client';
import { processWriteTickets } from '@/server/front/write-tickets';
import { shareMachineFlags } from '@/server/front/machine-flags';
import { clientAddressFrom } from '@/server/client-address';
import { viewBeaconAnswerer } from '@/server/front/view-beacon';
import { machineRateLimit } from '@/server/services/rate-limits/machine';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, next?: (err?: unknown) => void, locals?: object) => void;

/** The largest body of any request but an image upload. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** The one route that takes larger bodies (image uploads, up to MEDIA_MAX_MB). */
const MEDIA_UPLOAD_PATH = '/api/admin/media';

/** Methods the site answers at all; anything else (TRACE, CONNECT, …) is a 405 before the app runs. */
export const KNOWN_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ALLOW = [...KNOWN_METHODS].join(', ');

/** The Retry-After of a write refused because every slot stayed busy. */
const WRITE_RETRY_AFTER_S = 2;

/**
 * A write's body must keep arriving: no byte for 5 s is a stalled client (408); after 5 s it
 * must have come at 1 KB a second or faster (a client that trickles a byte now and then is
 * dropped then, not after 30 s); and the whole body within 30 s, plus a second for every
 * 64 KB of a large upload.
 */
export function bodyDeadlineFor(declaredBytes: number): BodyDeadline {
  return { idleMs: 5_000, totalMs: 30_000 + Math.ceil(declaredBytes / 64), minRate: { graceMs: 5_000, bytesPerSecond: 1024 } };
}

/**
 * A write admitted runs at most this long before its connection is closed, so a response
 * that never ends (a bug, an upstream that hangs) cannot hold a slot for good.
 */
const WRITE_RUN_MAX_MS = 120_000;

/**
 * Chart files (`/charts/{kind}/{key}.{ext}`) and link-preview images (`/og/…png`): drawn on a
 * miss (an SVG, a PNG through sharp: tens of milliseconds of a core each), so their misses
 * are limited per client address here (CHART_RATE_LIMIT a minute for the machine), where the
 * address is known: the render service that draws them never sees it. Hits stay free.
 */
const DRAWN_FILE = /^\/(?:charts|og)\//;

const isWrite = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';

/** Builds the request listener around the built Astro app in `distDir`. */
export async function createRequestListener(
  config: AppConfig,
  distDir: string,
  options: { shippedMigrations: number },
): Promise<http.RequestListener> {
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
  const views = processViewCounter();
  shareMachineFlags();
  const writes = new WriteAdmission(WRITE_ADMISSION, processWriteTickets());
  const writeClients = new WriteClients();
  watchWrites(writes);
  // An image upload may be as large as MEDIA_MAX_MB, with room for the form around it.
  const uploadBodyBytes = config.mediaMaxBytes + 64 * 1024;
  const securityHeaders = { none: securityHeadersFor(config.siteUrl, 'none'), any: securityHeadersFor(config.siteUrl, 'any') };
  // Page views are answered here, as cheaply as a page from memory (no write slot, no app).
  const beacons = viewBeaconAnswerer(config, views, securityHeaders.none);
  const drawings = machineRateLimit('drawings', config.chartRateLimit);

  const purges = new PurgeFollower(pageCache, createChangeStamp(config.databaseUrl), { purgeStamp: createPurgeStamp(config.databaseUrl) });
  watchPurgeFollower(purges);
  const file = databaseFilePath(config.databaseUrl);
  const databaseFile = file === undefined ? undefined : watchDatabaseFile(file);
  watchPageCache(pageCache);
  watchOutbox(() => countPendingMail());
  const renderer = processRenderer(join(build, 'server/entry.mjs'), () => purges.appliedThrough);
  const revalidation = backgroundRevalidation(pageCache, renderer);
  // A write is answered once this process (and every other) answers what it changed (settle.ts).
  settleHere(pageSettler(pageCache, purges, revalidation));

  /**
   * Answers from memory when it can: a prerendered page, or a cached on-demand page once the
   * purges committed so far are applied (synchronous while nothing was committed). A stale
   * page is answered too, while its new version renders once in the background.
   */
  const fromMemory = (req: http.IncomingMessage, url: URL): PageAnswer | undefined | Promise<PageAnswer | undefined> => {
    const request = { method: req.method ?? 'GET', url, ifNoneMatch: req.headers['if-none-match'], acceptEncoding: req.headers['accept-encoding'] };
    const page = prerendered.get(url.pathname);
    if (page) return answerFor(page, request);
    if (isPrivatePageRequest(url)) return undefined;
    // Paths no page of which is stored (static files, pages not rendered yet) skip the purge log.
    const params = pageCache.paramsFor(url.pathname);
    if (!params) return undefined;
    const lookup = () => {
      const address = pageAddress(url, params);
      const hit = pageCache.get(address);
      if (!hit) return undefined;
      // An editor (signed in) sees what they just saved: a stale page renders for them now, and is stored.
      if (!hit.fresh && carriesSession(req.headers.cookie)) return undefined;
      if (hit.fresh) pageCache.counts.hits++;
      else {
        pageCache.counts.staleHits++;
        revalidation.start(address, params);
      }
      return answerFor(hit.page, request, hit.fresh ? 'fresh' : 'stale');
    };
    return purges.current() ? lookup() : purges.sync().then(lookup);
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
    // What answered, for the metrics: the front itself unless a branch below says otherwise.
    let routeClass = 'front';
    res.once('finish', () => recordRequest(routeClass, res.statusCode));
    const method = req.method ?? '';
    const target = parseRequestTarget(method, req.url);
    // A Host that is missing or no host name is a 400 (RFC 9112 3.2), whatever else the request says.
    const badHost = hostProblem(req);
    // A page view with a sound head: answered with headers of its own (a 204 has no body to secure).
    if (!badHost && target.kind === 'path' && beacons.isBeacon(method, target.url.pathname) && !hasUnmetExpectation(req)) {
      routeClass = 'beacon';
      continueIfExpected(req, res);
      beacons.answer(req, res);
      return;
    }
    // (The beacon sets this up itself, only when it answers before its body came.)
    closeAfterUnreadBody(req, res);
    // Every answer but a page from memory (whose headers are merged once per page) gets the security headers here.
    const framing = target.kind === 'path' ? framingOf(target.url.pathname) : 'none';
    if (target.kind !== 'path' || method !== 'GET') secure(res, securityHeaders[framing], framing);
    // (A GET to a page gets its security headers with the page; these answers are not one.)
    if ((badHost || hasUnmetExpectation(req)) && target.kind === 'path' && method === 'GET') secure(res, securityHeaders[framing], framing);
    if (badHost) {
      const message = badHost === 'missing' ? messages.hostRequired : messages.badHost;
      const api = /^\/api(?:\/|$)/.test(target.kind === 'path' ? target.url.pathname : (req.url ?? ''));
      if (api) sendJsonMessage(res, 400, message);
      else sendPlainMessage(res, 400, `Bad request: ${message}`);
      return;
    }
    if (hasUnmetExpectation(req)) {
      sendJsonMessage(res, 417, messages.expectationFailed);
      return;
    }
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
    if (url.pathname === '/healthz' || url.pathname === '/readyz') {
      routeClass = 'health';
      answerHealth(req, res, url.pathname === '/readyz', options.shippedMigrations, databaseFile, file);
      return;
    }
    if (Number(req.headers['content-length'] ?? 0) > (url.pathname === MEDIA_UPLOAD_PATH ? uploadBodyBytes : MAX_BODY_BYTES)) {
      sendJsonMessage(res, 413, messages.tooLarge);
      return;
    }
    // Without a `next`, Astro renders its own 404 page for paths no route matches.
    const app = () => {
      // The request is let in: a client waiting for `100 Continue` may send its body now.
      continueIfExpected(req, res);
      astro(req, res, undefined, { pageCache, purges, renderer, views });
    };
    if (isWrite(method)) {
      routeClass = 'write';
      const admit = (client: WriteClient) =>
        writes.admit(
          res,
          client,
          () => runWrite(req, res, app),
          () => sendJsonMessage(res, 503, messages.writesBusy, { 'Retry-After': String(WRITE_RETRY_AFTER_S) }),
        );
      const client = writeClients.of(
        req.headers.cookie,
        url.pathname,
        clientAddressFrom(req.headers['x-forwarded-for'], req.socket.remoteAddress ?? ''),
      );
      if (!(client instanceof Promise)) {
        admit(client);
        return;
      }
      // A session being looked up: a client that leaves meanwhile is never admitted (its close has passed).
      let closed = false;
      res.once('close', () => (closed = true));
      void client.then((checked) => {
        if (!closed) admit(checked);
      });
      return;
    }
    if (url.pathname.startsWith('/api/') || method === 'OPTIONS') {
      routeClass = 'api';
      if (method === 'GET') secure(res, securityHeaders.none);
      compress(req, res, app);
      return;
    }
    const toApp = () => {
      routeClass = 'app';
      if (method === 'GET') secure(res, securityHeaders[framing], framing);
      compress(req, res, () => assets(req, res, app));
    };
    const respond = (answer: PageAnswer | undefined) => {
      if (answer) {
        routeClass = 'memory';
        sendAnswer(res, answer, securityHeaders[framing], framing);
      } else if (DRAWN_FILE.test(url.pathname)) {
        /** A chart file or preview image not in memory is drawn only within the client's limit (made only on such a miss, not for every request). */
        const drawIfAllowed = (waitMs: number) => {
          if (waitMs === 0) {
            toApp();
            return;
          }
          routeClass = 'limited';
          if (method === 'GET') secure(res, securityHeaders[framing], framing);
          sendJsonMessage(res, 429, messages.drawingsRateLimited, { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) });
        };
        const waitMs = drawings.take(clientAddressFrom(req.headers['x-forwarded-for'], req.socket.remoteAddress ?? ''));
        if (typeof waitMs === 'number') drawIfAllowed(waitMs);
        else waitMs.then(drawIfAllowed).catch((error: unknown) => failRequest(req, res, error));
      } else toApp();
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
  const listener: http.RequestListener = (req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      failRequest(req, res, error);
    }
  };
  return listener;
}

/**
 * `/healthz`: the process answers (no database work). `/readyz`: it can serve (database
 * reachable and migrated, writer alive), else 503 naming what failed. Neither is cached.
 */
function answerHealth(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  readiness: boolean,
  shippedMigrations: number,
  databaseFile: (() => string | undefined) | undefined,
  databasePath: string | undefined,
): void {
  const send = (status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Length': String(Buffer.byteLength(text)),
      ...(status === 503 && { 'Retry-After': '5' }),
    });
    res.end(req.method === 'HEAD' ? undefined : text);
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendJsonMessage(res, 405, messages.methodNotAllowed, { Allow: 'GET, HEAD' });
    return;
  }
  if (!readiness) {
    send(200, { status: 'ok' });
    return;
  }
  checkReadiness(shippedMigrations, databaseFile, databasePath).then(
    (result) => send(result.ready ? 200 : 503, { status: result.ready ? 'ready' : 'not ready', checks: result.checks }),
    (error: unknown) => send(503, { status: 'not ready', message: error instanceof Error ? error.message : String(error) }),
  );
}
