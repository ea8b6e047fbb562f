import { defineMiddleware, sequence } from 'astro:middleware';
import { SESSION_COOKIE } from '@/server/auth/cookie';
import { sessionNeed, staffMayCall } from '@/server/auth/guard';
import { validateSessionToken } from '@/server/auth/session';
import { personalDataOf } from '@/server/auth/route-permissions';
import { withoutPersonalData } from '@/server/auth/personal-data';
import { appConfig } from '@/server/config';
import { ForbiddenError, UnauthorizedError, messages } from '@/server/errors';
import { errorResponse } from '@/server/http';
import { siteOrigins, isAllowedWrite, isOriginExemptWrite } from '@/server/origin';
import { createChangeStamp, createPurgeStamp } from '@db/change-stamp';
import { PurgeFollower } from '@/server/cache/purge-follower';
import { recordRender } from '@/server/metrics';
import { CACHEABLE_ROUTES, isPrivatePageRequest, pageAddress } from '@/server/cache/routes';
import { answerFor, type PageAnswer } from '@/server/cache/stored-page';
import { PageCache } from '@/server/cache/page-cache';
import { renderPage, renderedAnswer, storeRendered } from '@/server/page-render';
import { CONTACT_EMAIL_PLACEHOLDER, SITE_URL_PLACEHOLDER } from '@/lib/site';

/** Used when no server hands a cache in through `locals` (the dev server). */
let fallback: { cache: PageCache; purges: PurgeFollower } | undefined;
const fallbackCache = () => {
  if (!fallback) {
    const cache = new PageCache();
    const url = appConfig().databaseUrl;
    fallback = { cache, purges: new PurgeFollower(cache, createChangeStamp(url), { purgeStamp: createPurgeStamp(url) }) };
  }
  return fallback;
};

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
  const answered = await next();
  // Readers' personal data only for the roles with the right to it, whatever lets them make the call.
  const personal = context.locals.user ? personalDataOf(context.locals.user.role, context.request.method, context.routePattern) : [];
  const response = await withoutPersonalData(answered, personal);
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
 * runs, renders stale pages again on its render thread itself, and hands this its render
 * thread (`locals.renderer`), which runs this same app with `locals.renderOnly`. Every page
 * says how shared caches may keep it and which tags name it (`Surrogate-Key`, `Cache-Tag`).
 */
const pageCache = defineMiddleware(async (context, next) => {
  const method = context.request.method;
  const params = Object.hasOwn(CACHEABLE_ROUTES, context.routePattern) ? CACHEABLE_ROUTES[context.routePattern] : undefined;
  const cacheable = (method === 'GET' || method === 'HEAD') && params !== undefined && !isPrivatePageRequest(context.url);
  // The process's render thread renders cacheable pages only, and sends them back with what they showed.
  if (context.locals.renderOnly) {
    return cacheable ? renderedAnswer(await renderPage(next, context.routePattern)) : new Response(null, { status: 404 });
  }
  if (!cacheable) return next();

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
  await own.purges.sync();
  const hit = cache.get(address);
  if (hit?.fresh) return toResponse(answerFor(hit.page, request));
  cache.counts.misses++;
  const page = await cache.renderOnce(address, async () => {
    const renderedSince = cache.purgeSeq;
    // On the render thread when the server runs one; here when it has none (astro dev) or it failed.
    // The page renders for the address asked (a page may redirect other spellings of a view to
    // its one address), and is kept under its cache address.
    const asked = `${context.url.pathname}${context.url.search}`;
    const rendered = (await context.locals.renderer?.render(asked)) ?? (await renderHere(next, context.routePattern));
    return storeRendered(cache, address, context.url, params, rendered, renderedSince);
  });
  return toResponse(answerFor(page, request, 'rendered'));
});

/** Renders a page on the serving thread, timed for the metrics. */
async function renderHere(next: () => Promise<Response>, route: string) {
  const began = performance.now();
  const rendered = await renderPage(next, route);
  recordRender(route, (performance.now() - began) / 1000, 'serving');
  return rendered;
}

export const onRequest = sequence(errorPageStatus, cacheHeaders, apiErrors, siteAddress, sameOriginWrites, adminSession, pageCache);
