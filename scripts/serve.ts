// The production server: a plain Node HTTP server around Astro's middleware-mode handler,
// so that every response (prerendered pages, hashed assets and on-demand pages alike)
// carries the same security headers and compression. `npm start` runs one such server per
// core (node:cluster); each is stateless, sharing the database and nothing else.
import cluster from 'node:cluster';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { join, relative, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import compression from 'compression';
import { serveClusterWriteLock } from '@db/cluster-write-lock';
import sirv from 'sirv';
import { appConfig, type AppConfig } from '@/server/config';
import { knownContentVersion, readContentVersion } from '@/server/content-version';
import { closeDatabase } from '@/server/db';
import { fillSitePlaceholders } from '@/server/site-placeholders';
import { scheduledJobs } from '@/server/jobs';
import { startJobRunner } from '@/server/jobs/runner';
import {
  PAGE_CACHE_CONTROL,
  PageCache,
  answerFor,
  cachedPage,
  etagFor,
  isPrivatePageRequest,
  lookupPage,
  pickEncoding,
  type CachedPage,
  type PageAnswer,
} from '@/server/page-cache';
import { prepareDatabase, startupMessage } from './prepare-db.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, next?: (err?: unknown) => void, locals?: object) => void;

const root = fileURLToPath(new URL('..', import.meta.url));
const MAX_BODY_BYTES = 1024 * 1024;
/** The one route that takes larger bodies (image uploads, up to MEDIA_MAX_MB). */
const MEDIA_UPLOAD_PATH = '/api/admin/media';

/** Writes one web process runs at a time (see writeAdmission). */
const WRITES_IN_FLIGHT = 8;

/** Methods the site answers at all; anything else (TRACE, CONNECT, …) is a 405 before the app runs. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Directives a <meta> CSP cannot carry; added to every CSP header, including Astro's. */
const FRAMING_CSP = "frame-ancestors 'none'";

/** Appends the framing directive to a CSP the app set (Astro sends one on on-demand pages). */
export function withFramingPolicy(csp: string): string {
  return /frame-ancestors/.test(csp) ? csp : `${csp.trim().replace(/;$/, '')}; ${FRAMING_CSP}`;
}

/** Headers on every response: CSP framing and plugin rules, sniffing, referrer. */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': withFramingPolicy("object-src 'none'; base-uri 'self'; form-action 'self'"),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
};

/**
 * Keeps the framing directive in any CSP set later (Astro sends its own on on-demand
 * pages). Headers reach Node through setHeader or writeHead's object, depending on which
 * wrapper (compression's on-headers, for one) got there first, so both are covered.
 */
function mergeCspHeaders(res: http.ServerResponse): void {
  const isCsp = (name: unknown) => typeof name === 'string' && name.toLowerCase() === 'content-security-policy';
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) =>
    setHeader(name, isCsp(name) && typeof value === 'string' ? withFramingPolicy(value) : value);
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse;
  res.writeHead = (...args: unknown[]) => {
    const headers = args.find((a) => typeof a === 'object' && a !== null && !Array.isArray(a)) as Record<string, unknown> | undefined;
    for (const [key, value] of Object.entries(headers ?? {})) {
      if (headers && isCsp(key) && typeof value === 'string') headers[key] = withFramingPolicy(value);
    }
    return writeHead(...args);
  };
}

/**
 * A response sent before the request's body was read (a 413, a refusal) leaves the rest
 * of that body on the connection, where it would be parsed as the next request: close the
 * connection after such a response instead of keeping it alive.
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
    if (!req.complete && !socket.destroyed) socket.destroySoon();
  });
}

function sendJson(res: http.ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify({ message }));
}

/**
 * Admits at most `limit` writes (POST, PUT, PATCH, DELETE) into the app at a time; the rest
 * wait their turn with their bodies unread. A burst of writes then never fills the event
 * loop ahead of the reads that arrive beside it, and writes that do run still share a
 * group commit. Reads are never held.
 */
export function writeAdmission(limit: number): (run: (done: () => void) => void) => void {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) next();
  };
  return (run) => {
    const start = () => {
      running++;
      let released = false;
      run(() => {
        if (released) return;
        released = true;
        release();
      });
    };
    if (running < limit) start();
    else waiting.push(start);
  };
}

/** Header sets already merged with the security headers, per answer's header object (built once per cached page). */
const mergedHeaders = new WeakMap<Record<string, string>, Record<string, string>>();

/**
 * Sends an answer from memory with one writeHead: the security headers and the page's own
 * merged once per stored page, so a hit costs no header bookkeeping.
 */
function sendAnswer(res: http.ServerResponse, answer: PageAnswer, securityHeaders: Record<string, string>): void {
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
 * The prerendered pages of a build, with the configured site and contact addresses put in place
 * of the build's placeholders, compressed once: they are served from memory, for any `SITE_URL`,
 * without touching the build on disk.
 */
export function loadPrerenderedPages(clientDir: string, config: Pick<AppConfig, 'siteUrl' | 'contactEmail'>): Map<string, CachedPage> {
  const pages = new Map<string, CachedPage>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '_astro') walk(path);
      } else if (entry.name.endsWith('.html')) {
        const rel = relative(clientDir, path).split(sep).join('/');
        const route = rel === 'index.html' ? '/' : `/${rel.replace(/(?:\/index)?\.html$/, '')}`;
        if (route === '/404' || route === '/500') continue;
        const html = fillSitePlaceholders(readFileSync(path, 'utf8'), config);
        const etag = etagFor(createHash('sha256').update(html).digest('base64url'));
        const headers: [string, string][] = [
          ['content-type', 'text/html; charset=utf-8'],
          ['cache-control', PAGE_CACHE_CONTROL],
          ['etag', etag],
          ['vary', 'Accept-Encoding'],
        ];
        pages.set(route, cachedPage(html, headers, etag));
      }
    }
  };
  walk(clientDir);
  return pages;
}

/** Builds the request listener around the built Astro app in `distDir` (the live build by default). */
export async function createRequestListener(config: AppConfig = appConfig(), distDir = join(root, 'dist')): Promise<http.RequestListener> {
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
  const admitWrite = writeAdmission(WRITES_IN_FLIGHT);
  // An image upload may be as large as MEDIA_MAX_MB, with room for the form around it.
  const uploadBodyBytes = config.mediaMaxBytes + 64 * 1024;

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

  const securityHeaders = config.siteUrl.startsWith('https:')
    ? { ...SECURITY_HEADERS, 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
    : SECURITY_HEADERS;
  const secure = (res: http.ServerResponse) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    mergeCspHeaders(res);
  };

  return (req, res) => {
    closeAfterUnreadBody(req, res);
    if (!KNOWN_METHODS.has(req.method ?? '')) {
      secure(res);
      sendJson(res, 405, 'Method not allowed', { Allow: [...KNOWN_METHODS].join(', ') });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (Number(req.headers['content-length'] ?? 0) > (url.pathname === MEDIA_UPLOAD_PATH ? uploadBodyBytes : MAX_BODY_BYTES)) {
      secure(res);
      sendJson(res, 413, 'Request body too large');
      return;
    }
    // Without a `next`, Astro renders its own 404 page for paths no route matches.
    const app = () => astro(req, res, undefined, { pageCache });
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') {
      secure(res);
      admitWrite((done) => {
        res.once('close', done);
        compress(req, res, app);
      });
      return;
    }
    if (url.pathname.startsWith('/api/')) {
      secure(res);
      compress(req, res, app);
      return;
    }
    const respond = (answer: PageAnswer | undefined) => {
      if (answer) sendAnswer(res, answer, securityHeaders);
      else {
        secure(res);
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
      .catch((error: unknown) => console.error('Request failed:', error));
  };
}

/** CONNECT (a proxy tunnel) never reaches the request listener: answer it with the same JSON 405. */
function refuseConnect(_req: http.IncomingMessage, socket: Duplex): void {
  const body = JSON.stringify({ message: 'Method not allowed' });
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${[...KNOWN_METHODS].join(', ')}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** A start-up failure the operator can act on: printed as one line, without a stack. */
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function describeListenError(error: NodeJS.ErrnoException, config: AppConfig): string {
  if (error.code === 'EADDRINUSE')
    return `Port ${config.port} on ${config.host} is already in use: stop the other server or set PORT to a free port.`;
  if (error.code === 'EACCES') return `Not allowed to listen on port ${config.port}: choose a PORT above 1023 or run with the needed rights.`;
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
    return `HOST ${config.host} is not an address of this machine: set HOST (0.0.0.0 listens everywhere).`;
  return `Cannot listen on ${config.host}:${config.port}: ${error.message}`;
}

function listen(server: http.Server | net.Server, config: AppConfig, options: { shared?: boolean } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // A web process of the cluster binds a socket of its own on the shared port
    // (SO_REUSEPORT): the kernel spreads connections evenly over the processes. Through the
    // primary's round robin, a burst of connections went mostly to whichever process
    // answered the primary first, and the other stood idle.
    const shared = options.shared ? { exclusive: true, reusePort: true } : {};
    server.listen({ port: config.port, host: config.host, ...shared }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function loadConfigOrExit(): AppConfig {
  try {
    return appConfig();
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

async function prepareDatabaseOrExit(): Promise<void> {
  try {
    await prepareDatabase({ seed: true });
  } catch (error) {
    fail(startupMessage(error));
  }
}

/**
 * Takes part in the scheduled jobs; on SIGTERM or SIGINT stops taking connections and jobs,
 * lets requests and the job run in flight finish, closes the database and exits.
 */
function serveUntilSignal(server: http.Server): void {
  const jobs = startJobRunner(scheduledJobs());
  const stop = () => {
    server.close(() => {
      void jobs
        .stop()
        .then(closeDatabase)
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    // Keep-alive connections in use get a moment to finish their request.
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** One web process: binds the port first (answering 503 while the database is prepared), then serves. */
async function startSingle(config: AppConfig): Promise<http.Server> {
  let listener: http.RequestListener = (_req, res) => sendJson(res, 503, 'The site is starting. Try again in a moment.', { 'Retry-After': '2' });
  const server = http.createServer((req, res) => listener(req, res));
  server.keepAliveTimeout = 65_000;
  server.on('connect', refuseConnect);
  await listen(server, config).catch((error: NodeJS.ErrnoException) => fail(describeListenError(error, config)));
  await prepareDatabaseOrExit();
  listener = await createRequestListener(config);
  console.log(`Serving ${config.siteUrl} (listening on http://${config.host}:${config.port})`);
  serveUntilSignal(server);
  return server;
}

/** What a web process tells the cluster's primary once it accepts connections. */
const LISTENING_MESSAGE = 'web-process:listening';

/** A cluster worker: the database is prepared by the primary; it only serves. */
async function startWorker(config: AppConfig): Promise<http.Server> {
  const server = http.createServer(await createRequestListener(config));
  server.keepAliveTimeout = 65_000;
  server.on('connect', refuseConnect);
  await listen(server, config, { shared: true }).catch((error: NodeJS.ErrnoException) => fail(describeListenError(error, config)));
  // A socket bound on its own raises no cluster 'listening' event: tell the primary.
  process.send?.(LISTENING_MESSAGE);
  serveUntilSignal(server);
  return server;
}

/**
 * The cluster's primary: checks the port is free before touching the database, prepares
 * the database once, then forks one web process per worker and replaces any that dies.
 */
async function startPrimary(config: AppConfig, workers: number): Promise<void> {
  const probe = net.createServer();
  await listen(probe, config).catch((error: NodeJS.ErrnoException) => fail(describeListenError(error, config)));
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  await prepareDatabaseOrExit();

  serveClusterWriteLock();
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url), execArgv: ['--import', join(root, 'scripts/aliases.mjs')] });
  let stopping = false;
  let listening = 0;
  const recentDeaths: number[] = [];
  const fork = () => {
    // Each web process runs several threads (database readers, the writer); glibc would give
    // each its own malloc arenas, and the process's memory would keep creeping up under load.
    const worker = cluster.fork({ MALLOC_ARENA_MAX: process.env['MALLOC_ARENA_MAX'] ?? '2' });
    const onMessage = (message: unknown) => {
      if (message !== LISTENING_MESSAGE) return;
      worker.off('message', onMessage);
      if (++listening === workers) console.log(`Serving ${config.siteUrl} (listening on http://${config.host}:${config.port}, ${workers} processes)`);
    };
    worker.on('message', onMessage);
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths.length > 0 && (recentDeaths[0] ?? now) < now - 60_000) recentDeaths.shift();
    if (recentDeaths.length > workers * 3) fail('Web processes keep failing; stopping. See the errors above.');
    console.error(`Web process ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another.`);
    fork();
  });
  for (let i = 0; i < workers; i++) fork();

  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const check = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    }, 100);
    setTimeout(() => process.exit(0), 12_000).unref();
    check.unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/**
 * Starts serving: one process when WEB_CONCURRENCY is 1, else a cluster of that many
 * (one per core by default). Resolves with the server in a single process.
 */
export async function startServer(): Promise<http.Server | undefined> {
  const config = loadConfigOrExit();
  if (cluster.isWorker) return startWorker(config);
  if (config.webConcurrency > 1) {
    await startPrimary(config, config.webConcurrency);
    return undefined;
  }
  return startSingle(config);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await startServer();
}
