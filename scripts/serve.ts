// The production server: a plain Node HTTP server around Astro's middleware-mode handler,
// so that every response (prerendered pages, hashed assets and on-demand pages alike)
// carries the same security headers and compression.
import http from 'node:http';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import compression from 'compression';
import sirv from 'sirv';
import { PAGE_CACHE_CONTROL, PageCache, matchesEtag, pageCacheKey, pickEncoding } from '@/server/cache';
import { loadConfig } from '@/server/config';
import { readContentVersion } from '@/server/content-version';
import { prepareDatabase } from './prepare-db.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, next?: (err?: unknown) => void, locals?: object) => void;

const root = fileURLToPath(new URL('..', import.meta.url));
const MAX_BODY_BYTES = 1024 * 1024;

/** Directives a <meta> CSP cannot carry; added to every CSP header, including Astro's. */
const FRAMING_CSP = "frame-ancestors 'none'";

/** Appends the framing directive to a CSP the app set (Astro sends one on on-demand pages). */
export function withFramingPolicy(csp: string): string {
  return /frame-ancestors/.test(csp) ? csp : `${csp.trim().replace(/;$/, '')}; ${FRAMING_CSP}`;
}

/** Headers on every response (issue 2): CSP framing and plugin rules, sniffing, referrer. */
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
 * Answers a request from the page cache when Astro has stored the page for the current
 * content version: the same bytes Astro would render, without running its pipeline.
 * Astro alone decides what is cacheable (by route pattern); this only replays its entries.
 */
async function serveCachedPage(cache: PageCache, req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url || req.url.startsWith('/api/') || req.url.startsWith('/_astro/')) return false;
  const url = new URL(req.url, 'http://localhost');
  // Static files and pages not yet rendered skip the content-version read.
  if (!cache.mayHold(url)) return false;
  const page = cache.get(pageCacheKey(url, await readContentVersion()));
  if (!page) return false;
  if (matchesEtag(req.headers['if-none-match'], page.etag)) {
    res.writeHead(304, { ETag: page.etag, 'Cache-Control': PAGE_CACHE_CONTROL });
    res.end();
    return true;
  }
  const encoding = pickEncoding(req.headers['accept-encoding']);
  const body = encoding ? page[encoding] : page.body;
  const headers: Record<string, string> = Object.fromEntries(page.headers);
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = String(body.length);
  res.writeHead(page.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

function sendJson(res: http.ServerResponse, status: number, message: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify({ message }));
}

/** Builds the request listener around the built Astro app in `dist/`. */
export async function createRequestListener(distDir = `${root}dist`): Promise<http.RequestListener> {
  const entry = `${distDir}/server/entry.mjs`;
  if (!existsSync(entry)) throw new Error(`No build at ${entry}: run npm run build (npm start builds when needed).`);
  const { handler: astro } = (await import(pathToFileURL(entry).href)) as { handler: Handler };
  const compress = compression({ threshold: 1024 }) as unknown as Handler;
  const assets = sirv(`${distDir}/client`, {
    etag: true,
    extensions: ['html'],
    dotfiles: false,
    setHeaders(res, pathname) {
      res.setHeader(
        'Cache-Control',
        pathname.startsWith('/_astro/')
          ? 'public, max-age=31536000, immutable'
          : // Prerendered pages are served from extension-less paths; revalidate them like on-demand pages.
            /\.html$|\/[^./]*$/.test(pathname)
            ? 'public, max-age=0, must-revalidate'
            : 'public, max-age=86400',
      );
    },
  });

  const pageCache = new PageCache();

  return (req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    mergeCspHeaders(res);
    if (config.siteUrl.startsWith('https:')) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) {
      req.resume();
      sendJson(res, 413, 'Request body too large');
      return;
    }
    // Without a `next`, Astro renders its own 404 page for paths no route matches.
    const app = () => astro(req, res, undefined, { pageCache });
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (!isRead || req.url?.startsWith('/api/')) {
      compress(req, res, app);
      return;
    }
    // Only GET and HEAD can be cached pages or static files; anything else goes to the app.
    serveCachedPage(pageCache, req, res)
      .catch((error: unknown) => {
        console.error('Page cache lookup failed:', error);
        return false;
      })
      .then((served) => {
        if (!served) compress(req, res, () => assets(req, res, app));
      })
      .catch((error: unknown) => console.error('Request failed:', error));
  };
}

const config = loadConfig();

/** Prepares the database and starts listening; resolves with the server. */
export async function startServer(): Promise<http.Server> {
  await prepareDatabase({ seed: true });
  const server = http.createServer(await createRequestListener());
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  console.log(`Serving ${config.siteUrl} (listening on http://${config.host}:${config.port})`);
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await startServer();
}
