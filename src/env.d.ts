/// <reference types="astro/client" />
import type { PageCache } from './server/cache';

declare global {
  namespace App {
    interface Locals {
      /** The production server's page cache (scripts/serve.ts); absent under `astro dev`. */
      pageCache?: PageCache;
    }
  }
}

export {};
