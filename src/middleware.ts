import { defineMiddleware, sequence } from 'astro:middleware';
import { SESSION_COOKIE } from '@/server/auth/cookie';
import { sessionNeed } from '@/server/auth/guard';
import { validateSessionToken } from '@/server/auth/session';
import { appConfig } from '@/server/config';
import { readContentVersion } from '@/server/content-version';
import { ForbiddenError, UnauthorizedError } from '@/server/errors';
import { errorResponse } from '@/server/http';
import { siteOrigins, isAllowedWrite, isOriginExemptWrite } from '@/server/origin';
import {
  CACHEABLE_ROUTES,
  PAGE_CACHE_CONTROL,
  PageCache,
  answerFor,
  cachedPage,
  isPrivatePageRequest,
  lookupPage,
  type PageAnswer,
} from '@/server/page-cache';
import { CONTACT_EMAIL_PLACEHOLDER, SITE_URL_PLACEHOLDER } from '@/lib/site';

/** Used when no server hands a cache in through `locals` (the dev server). */
const fallbackCache = new PageCache();

/**
 * The site's absolute address for canonical URLs, feeds and structured data, and the public
 * contact address: `SITE_URL` and `CONTACT_EMAIL` as configured at start. Prerendered pages are
 * built before any server starts, so they carry placeholders the server replaces when it loads
 * them (`fillSitePlaceholders`).
 */
const siteAddress = defineMiddleware((context, next) => {
  context.locals.site = new URL(context.isPrerendered ? SITE_URL_PLACEHOLDER : appConfig().siteUrl);
  context.locals.contactEmail = context.isPrerendered ? CONTACT_EMAIL_PLACEHOLDER : appConfig().contactEmail;
  return next();
});

let allowedOrigins: ReadonlySet<string> | undefined;

/** Refuses cross-site writes of any content type, JSON included, with the API's JSON 403 (one-click unsubscribe aside, see isOriginExemptWrite). */
const sameOriginWrites = defineMiddleware((context, next) => {
  allowedOrigins ??= siteOrigins(appConfig());
  if (isOriginExemptWrite(context.routePattern, context.request.method)) return next();
  if (!isAllowedWrite(context.request, allowedOrigins)) return errorResponse(new ForbiddenError());
  return next();
});

/**
 * Reads the session for admin routes (by matched route pattern, never the raw path) and
 * turns away requests without one: the panel redirects to the login page, the API
 * answers 401. Every admin page and endpoint checks `locals.user` again itself.
 */
const adminSession = defineMiddleware(async (context, next) => {
  // Prerendered pages (the login page among them) are built once, for everyone.
  if (context.isPrerendered) return next();
  const need = sessionNeed(context.routePattern, context.request.method);
  if (need === 'none') return next();
  const protectedRoute = need === 'required';
  const token = context.cookies.get(SESSION_COOKIE)?.value;
  context.locals.user = token ? ((await validateSessionToken(token)) ?? undefined) : undefined;
  if (protectedRoute && !context.locals.user) {
    if (context.routePattern.startsWith('/api/')) return errorResponse(new UnauthorizedError());
    return new Response(null, { status: 302, headers: { Location: '/admin/login', 'Cache-Control': 'no-store' } });
  }
  const response = await next();
  if (!context.routePattern.startsWith('/api/')) response.headers.set('Cache-Control', 'no-store');
  return response;
});

/**
 * API answers and error answers (4xx, 5xx: an unknown or unpublished card, a refused write)
 * are never stored unless they say how: an error must not outlive its cause in a cache.
 */
const cacheHeaders = defineMiddleware(async (context, next) => {
  const response = await next();
  if ((context.routePattern.startsWith('/api/') || response.status >= 400) && !response.headers.has('Cache-Control')) {
    response.headers.set('Cache-Control', 'no-store');
  }
  return response;
});

/**
 * Astro answers its 500 page with status 500 whatever the page sets; the page names the
 * status of the error it shows in `locals.errorStatus` (a database that cannot write now:
 * 503, beside the Retry-After it sets), and the answer takes it.
 */
const errorPageStatus = defineMiddleware(async (context, next) => {
  const response = await next();
  const status = context.locals.errorStatus;
  if (context.routePattern !== '/500' || status === undefined || status === response.status) return response;
  return new Response(response.body, { status, headers: response.headers });
});

/**
 * Whatever an API route or a middleware step before it throws is answered with the contract's
 * JSON error (`errorResponse`: a database that cannot write now is a 503 with Retry-After).
 * A page's errors go on to the 500 page, which maps them the same way.
 */
const apiErrors = defineMiddleware(async (context, next) => {
  if (!context.routePattern.startsWith('/api/')) return next();
  try {
    return await next();
  } catch (error) {
    return errorResponse(error);
  }
});

const toResponse = (answer: PageAnswer) =>
  new Response(answer.body ? new Uint8Array(answer.body) : null, { status: answer.status, headers: answer.headers });

/**
 * Caches cacheable on-demand pages, keyed to the content version in the database (a
 * publish in any process changes the key, so no page is ever stale) and to the query
 * parameters the page reads. In production the server answers hits from the same cache,
 * through the same lookup, before this runs.
 */
const pageCache = defineMiddleware(async (context, next) => {
  const method = context.request.method;
  const params = Object.hasOwn(CACHEABLE_ROUTES, context.routePattern) ? CACHEABLE_ROUTES[context.routePattern] : undefined;
  if ((method !== 'GET' && method !== 'HEAD') || !params || isPrivatePageRequest(context.url)) return next();

  const cache = context.locals.pageCache ?? fallbackCache;
  const request = {
    method,
    url: context.url,
    ifNoneMatch: context.request.headers.get('If-None-Match'),
    acceptEncoding: context.request.headers.get('Accept-Encoding'),
  };
  const found = lookupPage(cache, request, params, await readContentVersion());
  if ('answer' in found) return toResponse(found.answer);
  const response = await next();
  if (response.status !== 200) {
    response.headers.set('Cache-Control', 'no-store');
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set('ETag', found.miss.etag);
  headers.set('Cache-Control', PAGE_CACHE_CONTROL);
  headers.set('Vary', 'Accept-Encoding');
  const page = cachedPage(await response.text(), [...headers.entries()], found.miss.etag);
  cache.set(found.miss.key, context.url, params, page);
  return toResponse(answerFor(page, request));
});

export const onRequest = sequence(errorPageStatus, cacheHeaders, apiErrors, siteAddress, sameOriginWrites, adminSession, pageCache);
