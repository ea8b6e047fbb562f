// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { createHash } from 'node:crypto';
import { defineConfig } from 'astro/config';
import { RELATIVE_TIME_SCRIPT } from './src/lib/relative-time.ts';
import { THEME_SCRIPT } from './src/lib/theme-script.ts';
import { VIEW_BEACON_SCRIPT } from './src/lib/view-beacon.ts';
import interactionDirective from './src/directives/interaction-integration.mjs';

/**
 * Nothing about the deployment is compiled in: `SITE_URL`, the allowed hosts and every
 * other setting are read when the server starts (src/server/config.ts). Prerendered pages
 * carry a placeholder address that the server replaces with the configured one.
 */
const SITE_URL_PLACEHOLDER = 'https://site-url.invalid';

/** The page's inline scripts (dark mode before the first paint, relative times, an article's view beacon) are allowed by their hashes. */
const scriptHash = (/** @type {string} */ script) =>
  /** @type {`sha256-${string}`} */ (`sha256-${createHash('sha256').update(script).digest('base64')}`);

export default defineConfig({
  site: SITE_URL_PLACEHOLDER,
  // scripts/build.mjs builds into a fresh folder and swaps it in, so a running server keeps its build.
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  output: 'server',
  trailingSlash: 'never',
  build: { format: 'directory' },
  server: { port: Number(process.env.PORT || 4321), host: true },
  // Our own Node server (scripts/serve.ts) wraps the app, so every response, static files
  // included, gets the same security headers and compression.
  // The adapter's own cap is the largest upload MEDIA_MAX_MB allows (100 MB); scripts/serve.ts
  // and each route hold bodies to their own, far smaller limits.
  adapter: node({ mode: 'middleware', bodySizeLimit: 101 * 1024 * 1024 }),
  integrations: [react(), interactionDirective()],
  prefetch: false,
  // No Astro sessions: admin sessions live in the database.
  session: false,
  markdown: { syntaxHighlight: false },
  security: {
    // src/middleware.ts refuses cross-site writes of every content type against the configured
    // site origin, answering the API's JSON. No allowedDomains: Astro then never takes the
    // host or the client address from X-Forwarded-* headers (the server decides, see TRUST_PROXY).
    checkOrigin: false,
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      scriptDirective: { hashes: [scriptHash(THEME_SCRIPT), scriptHash(RELATIVE_TIME_SCRIPT), scriptHash(VIEW_BEACON_SCRIPT)] },
      // Chart libraries set style attributes; styles cannot run code, scripts stay hashed.
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  vite: {
    plugins: [tailwindcss()],
    // Keys the page cache, so pages cached by one build are never served by the next.
    define: { 'import.meta.env.BUILD_ID': JSON.stringify(Date.now().toString(36)) },
    resolve: { dedupe: ['react', 'react-dom'] },
  },
});
