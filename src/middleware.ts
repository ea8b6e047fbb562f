import { defineMiddleware, sequence } from 'astro:middleware';
import { CACHEABLE_ROUTES, PAGE_CACHE_CONTROL, PageCache, etagFor, matchesEtag, pageCacheKey } from './server/cache';
import { getDb } from './server/db';
import { getContentVersion } from './server/queries/site-state';

const pages = new PageCache();

/** API responses are never stored by shared caches (CONTRACT section 3). */
const apiHeaders = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.routePattern.startsWith('/api/') && !response.headers.has('Cache-Control')) {
    response.headers.set('Cache-Control', 'no-store');
  }
  return response;
});

/**
 * Serves cacheable on-demand pages from memory, keyed to the content version in the
 * database: a publish in any process changes the key, so no page is ever stale. Answers
 * 304 to a matching If-None-Match without rendering.
 */
const pageCache = defineMiddleware(async (context, next) => {
  const method = context.request.method;
  if ((method !== 'GET' && method !== 'HEAD') || !CACHEABLE_ROUTES.has(context.routePattern)) return next();

  const version = await getContentVersion(await getDb());
  const key = pageCacheKey(context.url, version);
  const etag = etagFor(key);
  if (matchesEtag(context.request.headers.get('If-None-Match'), etag)) {
    return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': PAGE_CACHE_CONTROL } });
  }
  const hit = pages.get(key);
  if (hit) return new Response(hit.body, { status: hit.status, headers: hit.headers });

  const response = await next();
  if (response.status !== 200) {
    response.headers.set('Cache-Control', 'no-store');
    return response;
  }
  const body = await response.text();
  const headers = new Headers(response.headers);
  headers.set('ETag', etag);
  headers.set('Cache-Control', PAGE_CACHE_CONTROL);
  const page = { status: 200, headers: [...headers.entries()], body };
  pages.set(key, page);
  return new Response(body, { status: 200, headers: page.headers });
});

export const onRequest = sequence(apiHeaders, pageCache);
