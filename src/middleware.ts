import { defineMiddleware, sequence } from 'astro:middleware';
import { CACHEABLE_ROUTES, PAGE_CACHE_CONTROL, PageCache, cachedPage, etagFor, matchesEtag, pageCacheKey, pickEncoding } from './server/cache';
import { SESSION_COOKIE } from './server/auth/cookie';
import { needsAdmin } from './server/auth/guard';
import { validateSessionToken } from './server/auth/session';
import { readContentVersion } from './server/content-version';
import { getDb } from './server/db';
import { ForbiddenError, UnauthorizedError } from './server/errors';
import { errorResponse } from './server/http';
import { isAllowedWrite } from './server/origin';

/** Used when no server hands a cache in through `locals` (the dev server). */
const fallbackCache = new PageCache();

/** Refuses cross-site writes of any content type (issue 3), JSON included. */
const sameOriginWrites = defineMiddleware((context, next) => {
  if (!isAllowedWrite(context.request, context.url.origin)) return errorResponse(new ForbiddenError());
  return next();
});

/** Routes that read the session without requiring it. */
const SESSION_AWARE_ROUTES = new Set(['/api/admin/check', '/api/admin/logout', '/api/zoho/config']);

/**
 * Reads the session for admin routes (by matched route pattern, never the raw path) and
 * turns away requests without one: the panel redirects to the login page, the API
 * answers 401. Every admin page and endpoint checks `locals.user` again itself.
 */
const adminSession = defineMiddleware(async (context, next) => {
  // Prerendered pages (the login page among them) are built once, for everyone.
  if (context.isPrerendered) return next();
  const protectedRoute = needsAdmin(context.routePattern, context.request.method);
  if (!protectedRoute && !SESSION_AWARE_ROUTES.has(context.routePattern)) return next();
  const token = context.cookies.get(SESSION_COOKIE)?.value;
  context.locals.user = token ? ((await validateSessionToken(await getDb(), token)) ?? undefined) : undefined;
  if (protectedRoute && !context.locals.user) {
    if (context.routePattern.startsWith('/api/')) return errorResponse(new UnauthorizedError());
    return new Response(null, { status: 302, headers: { Location: '/admin/login', 'Cache-Control': 'no-store' } });
  }
  const response = await next();
  if (!context.routePattern.startsWith('/api/')) response.headers.set('Cache-Control', 'no-store');
  return response;
});

/** API responses are never stored by shared caches (CONTRACT section 3). */
const apiHeaders = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.routePattern.startsWith('/api/') && !response.headers.has('Cache-Control')) {
    response.headers.set('Cache-Control', 'no-store');
  }
  return response;
});

/**
 * Caches cacheable on-demand pages, keyed to the content version in the database: a
 * publish in any process changes the key, so no page is ever stale. Answers 304 to a
 * matching If-None-Match without rendering. (In production, scripts/serve.ts answers hits
 * from the same cache before this runs.)
 */
const pageCache = defineMiddleware(async (context, next) => {
  const method = context.request.method;
  if ((method !== 'GET' && method !== 'HEAD') || !CACHEABLE_ROUTES.has(context.routePattern)) return next();

  const cache = context.locals.pageCache ?? fallbackCache;
  const key = pageCacheKey(context.url, await readContentVersion());
  const etag = etagFor(key);
  if (matchesEtag(context.request.headers.get('If-None-Match'), etag)) {
    return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': PAGE_CACHE_CONTROL } });
  }
  let page = cache.get(key);
  if (!page) {
    const response = await next();
    if (response.status !== 200) {
      response.headers.set('Cache-Control', 'no-store');
      return response;
    }
    const headers = new Headers(response.headers);
    headers.set('ETag', etag);
    headers.set('Cache-Control', PAGE_CACHE_CONTROL);
    headers.set('Vary', 'Accept-Encoding');
    page = cachedPage(await response.text(), [...headers.entries()], etag);
    cache.set(key, page);
  }
  const encoding = pickEncoding(context.request.headers.get('Accept-Encoding'));
  const headers = new Headers(page.headers);
  if (encoding) headers.set('Content-Encoding', encoding);
  return new Response(encoding ? new Uint8Array(page[encoding]) : new Uint8Array(page.body), { status: page.status, headers });
});

export const onRequest = sequence(sameOriginWrites, apiHeaders, adminSession, pageCache);
