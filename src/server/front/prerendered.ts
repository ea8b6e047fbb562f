import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { SITE_URL_PLACEHOLDER } from '@/lib/site';
import { PAGE_CACHE_CONTROL, cachedPage, etagFor, type CachedPage } from '@/server/page-cache';

/**
 * The prerendered pages of a build, with the configured site address put in place of the
 * build's placeholder, compressed once: they are served from memory, for any `SITE_URL`,
 * without touching the build on disk.
 */
export function loadPrerenderedPages(clientDir: string, siteUrl: string): Map<string, CachedPage> {
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
        const html = readFileSync(path, 'utf8').replaceAll(SITE_URL_PLACEHOLDER, siteUrl);
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
