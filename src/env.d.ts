/// <reference types="astro/client" />
import type { SessionUser } from '@/server/auth/session';
import type { PageCache } from '@/server/page-cache';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first interaction with the island (src/directives/interaction.ts). */
    'client:interaction'?: boolean;
  }
}

declare global {
  namespace App {
    interface Locals {
      /** The production server's page cache (scripts/serve.ts); absent under `astro dev`. */
      pageCache?: PageCache;
      /** The site's absolute address (`SITE_URL` read at start), set by the middleware. */
      site: URL;
      /** The public contact address (`CONTACT_EMAIL`), set by the middleware; empty on the 404 page the adapter serves from disk. */
      contactEmail: string;
      /** The signed-in administrator, set by the session middleware. */
      user?: SessionUser | undefined;
    }
  }
}

export {};
