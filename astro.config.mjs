// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import interactionDirective from './src/directives/interaction-integration.mjs';

const port = Number(process.env.PORT || 4321);
const site = (process.env.SITE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
const siteHost = new URL(site).hostname;
const isLocal = ['localhost', '127.0.0.1', '[::1]'].includes(siteHost);

/** The hosts the server answers as (CONTRACT 1): SITE_URL's, plus loopback when it is local. */
const allowedDomains = isLocal
  ? [{ hostname: 'localhost' }, { hostname: '127.0.0.1' }, { hostname: '[::1]' }]
  : [{ hostname: siteHost, protocol: new URL(site).protocol.replace(':', '') }];

export default defineConfig({
  site,
  output: 'server',
  trailingSlash: 'never',
  build: { format: 'directory' },
  server: { port, host: true },
  // Our own Node server (scripts/serve.ts) wraps the app, so every response, static files
  // included, gets the same security headers and compression.
  adapter: node({ mode: 'middleware', bodySizeLimit: 1024 * 1024 }),
  integrations: [react(), interactionDirective()],
  prefetch: false,
  // No Astro sessions: admin sessions live in the database (issue 4).
  session: false,
  markdown: { syntaxHighlight: false },
  security: {
    checkOrigin: true,
    allowedDomains,
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
      // Chart libraries set style attributes; styles cannot run code, scripts stay hashed.
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  vite: {
    plugins: [tailwindcss()],
    // Keys the page cache, so pages cached by one build are never served by the next.
    define: { 'import.meta.env.BUILD_ID': JSON.stringify(Date.now().toString(36)) },
    resolve: { dedupe: ['apexcharts', 'react', 'react-dom'] },
  },
});
