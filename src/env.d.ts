/// <reference types="astro/client" />
import type { SessionUser } from './server/auth/session';
import type { PageCache } from './server/cache';

declare global {
  namespace App {
    interface Locals {
      /** The production server's page cache (scripts/serve.ts); absent under `astro dev`. */
      pageCache?: PageCache;
      /** The signed-in administrator, set by the session middleware. */
      user?: SessionUser | undefined;
    }
  }
}

export {};
