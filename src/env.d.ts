/// <reference types="astro/client" />
import type { SessionUser } from '@/server/auth/session';
import type { PurgeFollower } from '@/server/cache/purge-follower';
import type { PageRenderer } from '@/server/page-render';
import type { PageCache } from '@/server/cache/page-cache';
import type { ViewCounter } from '@/server/services/readership/view-counter';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first interaction with the island (src/directives/interaction.ts). */
    'client:interaction'?: boolean;
  }
}

declare global {
  namespace App {
    interface Locals {
      /** The production server's page cache (src/server/front); absent under `astro dev`. */
      pageCache?: PageCache;
      /** Applies the purge log to `pageCache` (src/server/front); absent under `astro dev`. */
      purges?: PurgeFollower;
      /** This process's readership counts, written in batches (src/server/front); absent under `astro dev`. */
      views?: ViewCounter;
      /** The process's render thread (src/server/front/render-thread.ts), which renders cacheable pages; absent under `astro dev`. */
      renderer?: PageRenderer;
      /** This app runs on the render thread: render a cacheable page and answer it with what it showed, store nothing. */
      renderOnly?: boolean;
      /** The site's absolute address (`SITE_URL` read at start), set by the middleware. */
      site: URL;
      /** The public contact address (`CONTACT_EMAIL`, or its placeholder in a prerendered page), set by the middleware. */
      contactEmail: string;
      /** The signed-in administrator, set by the session middleware. */
      user?: SessionUser | undefined;
      /** The status the 500 page answers with: that of the error it shows (503 for a database that cannot write now). */
      errorStatus?: number | undefined;
    }
  }
}

export {};
