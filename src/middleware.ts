import { defineMiddleware, sequence } from 'astro:middleware';
import { SESSION_COOKIE } from '@/server/auth/cookie';
import { sessionNeed, staffMayCall } from '@/server/auth/guard';
import { validateSessionToken } from '@/server/auth/session';
import { appConfig } from '@/server/config';
import { ForbiddenError, UnauthorizedError, messages } from '@/server/errors';
import { errorResponse } from '@/server/http';
import { siteOrigins, isAllowedWrite, isOriginExemptWrite } from '@/server/origin';
import { createChangeStamp } from '@db/change-stamp';
import { PurgeFollower } from '@/server/cache/purge-follower';
import { withRenderScope } from '@/server/cache/render-scope';
import { tag } from '@/server/cache/tags';
import {
  CACHEABLE_ROUTES,
  EVERY_PAGE_TAG,
  PageCache,
  answerFor,
  cachedPage,
  etagFor,
  isPrivatePageRequest,
  pageAddress,
  pageCacheControl,
  type PageAnswer,
} from '@/server/page-cache';
import { CONTACT_EMAIL_PLACEHOLDER, SITE_URL_PLACEHOLDER } from '@/lib/site';

/** Used when no server hands a cache in through `locals` (the dev server). */
let fallback: { cache: PageCache; purges: PurgeFollower } | undefined;
const fallbackCache = () => {
  if (!fallback) {
    const cache = new PageCache();
    fallback = { cache, purges: new PurgeFollower(cache, createChangeStamp(appConfig().databaseUrl)) };
  }
  return fallback;
};

/** The most tags a page names in its headers; a page showing more is tagged by its lists instead (and `any`). */
const MAX_PAGE_TAGS = 80;

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
  if (!isAllowedWrite(context.request, allowedOrigins)) return errorResponse(new ForbiddenError(messages.crossSite));
  return next();
});

/**
 * Reads the session for admin routes (by matched route pattern, never the raw path) and
 * turns away requests without one: the panel redirects to the login page, the API
 * answers 401; a role that may not make the call gets 403. Every admin page and endpoint
 * checks `locals.user` again itself.
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
  // Every staff call is checked against the role's capabilities here, before its handler runs.
  if (protectedRoute && context.locals.user && !staffMayCall(context.locals.user, context.request.method, context.routePattern)) {
    return errorResponse(new ForbiddenError());
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
 * Caches cacheable on-demand pages by their address (the path and the query parameters the
 * page reads), each with the tags of what it showed while it rendered: a change purges
 * exactly those (see src/server/cache). A page renders once however many readers miss it
 * at the same moment. In production the server answers hits, fresh or stale, before this
 * runs, and sends a stale page's background render here (`locals.revalidating`). Every page
 * says how shared caches may keep it and which tags name it (`Surrogate-Key`, `Cache-Tag`).
 */
const pageCache = defineMiddleware(async (context, next) => {
  const method = context.request.method;
  const params = Object.hasOwn(CACHEABLE_ROUTES, context.routePattern) ? CACHEABLE_ROUTES[context.routePattern] : undefined;
  if ((method !== 'GET' && method !== 'HEAD') || !params || isPrivatePageRequest(context.url)) return next();

  const own =
    context.locals.pageCache && context.locals.purges ? { cache: context.locals.pageCache, purges: context.locals.purges } : fallbackCache();
  const { cache } = own;
  const request = {
    method,
    url: context.url,
    ifNoneMatch: context.request.headers.get('If-None-Match'),
    acceptEncoding: context.request.headers.get('Accept-Encoding'),
  };
  const address = pageAddress(context.url, params);
  if (!context.locals.revalidating) {
    await own.purges.sync();
    const hit = cache.get(address);
    if (hit?.fresh) return toResponse(answerFor(hit.page, request));
    cache.counts.misses++;
  }
  const page = await cache.renderOnce(address, async () => {
    const renderedSince = cache.purgeSeq;
    const { result: response, scope } = await withRenderScope(next);
    const body = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    const etag = etagFor(body);
    headers.set('ETag', etag);
    headers.set('Vary', 'Accept-Encoding');
    if (response.status !== 200) {
      cache.delete(address);
      if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
      return cachedPage(body, [...headers.entries()], etag, response.status);
    }
    const tags =
      scope.tags.size === 0
        ? [tag.untagged]
        : scope.tags.size > MAX_PAGE_TAGS
          ? [tag.untagged, ...[...scope.tags].filter((t) => t.startsWith('l:'))]
          : [...scope.tags];
    const now = Date.now();
    const validFor = scope.validUntil === undefined ? undefined : Math.ceil((scope.validUntil - now) / 1000);
    headers.set('Cache-Control', pageCacheControl({ purged: appConfig().sharedCache !== undefined, validForSeconds: validFor }));
    const named = [EVERY_PAGE_TAG, ...tags];
    headers.set('Surrogate-Key', named.join(' '));
    headers.set('Cache-Tag', named.join(','));
    const rendered = cachedPage(body, [...headers.entries()], etag);
    cache.set(address, context.url, params, rendered, tags, scope.validUntil, renderedSince);
    return rendered;
  });
  return toResponse(answerFor(page, request, 'rendered'));
});

export const onRequest = sequence(errorPageStatus, cacheHeaders, apiErrors, siteAddress, sameOriginWrites, adminSession, pageCache);
