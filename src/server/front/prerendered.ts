import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CONTACT_EMAIL_PLACEHOLDER, SITE_URL_PLACEHOLDER } from '@/lib/site';
import type { AppConfig } from '@/server/config';
import { PAGE_CACHE_CONTROL } from '@/server/cache/routes';
import { cachedPage, etagFor, type CachedPage } from '@/server/cache/stored-page';

/**
 * A prerendered page as this server shows it: the configured site address and public contact
 * address in place of the placeholders the build wrote (see `src/lib/site.ts`). Both were
 * checked at start (a URL, an e-mail address), so they go into the HTML as they are.
 */
export function fillSitePlaceholders(html: string, config: Pick<AppConfig, 'siteUrl' | 'contactEmail'>): string {
  return html.replaceAll(SITE_URL_PLACEHOLDER, config.siteUrl).replaceAll(CONTACT_EMAIL_PLACEHOLDER, config.contactEmail);
}

/**
 * The prerendered pages of a build, with the configured site and contact addresses put in
 * place of the build's placeholders, compressed once: they are served from memory, for any
 * `SITE_URL` and `CONTACT_EMAIL`, without touching the build on disk.
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
