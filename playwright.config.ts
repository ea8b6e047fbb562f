import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_MAILBOX } from './tests/e2e/mailbox.ts';

/** E2E_PORT lets two checkouts run their browser tests side by side (the fake Zoho takes the port below it). */
const PORT = Number(process.env['E2E_PORT'] ?? 4399);
const baseURL = `http://127.0.0.1:${PORT}`;
/** A second server on a grown archive, for the admin at newsroom size (scale.spec.ts). */
const SCALE_PORT = PORT - 2;
/** Debian's Chromium when present (the browser the tests must pass in), else Playwright's own browser. */
const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;

export default defineConfig({
  testDir: 'tests/e2e',
  // Generous limits: every wait is on a condition, so a busy machine only makes tests slower, never red.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 2,
  // No retries, in CI or not: a test that passes only on a second try is a defect to fix, not to hide.
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } }, testIgnore: /mobile\.spec|scale\.spec/ },
    { name: 'phone', use: { ...devices['Pixel 7'] }, testMatch: /mobile\.spec/ },
    {
      name: 'scale',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, baseURL: `http://127.0.0.1:${SCALE_PORT}` },
      testMatch: /scale\.spec/,
    },
  ],
  webServer: [
    {
      command: 'node --import ./scripts/aliases.mjs tests/helpers/e2e-server.ts',
      url: `${baseURL}/robots.txt`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      // TRUST_PROXY lets each test present its own client address, so rate limits stay per test.
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        SITE_URL: 'http://localhost:4321',
        DATABASE_URL: 'file:./data/e2e/e2e.db',
        TRUST_PROXY: 'true',
        WEB_CONCURRENCY: '1',
        ADMIN_PASSWORD: 'e2e-admin-password',
        FAKE_ZOHO_PORT: String(PORT - 1),
        // Mail goes to a real SMTP server in the server's process, written to this file (tests/helpers/e2e-server.ts).
        E2E_MAILBOX: E2E_MAILBOX,
      },
    },
    {
      command: 'node --import ./scripts/aliases.mjs tests/helpers/e2e-server.ts',
      url: `http://127.0.0.1:${SCALE_PORT}/robots.txt`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      env: {
        PORT: String(SCALE_PORT),
        HOST: '127.0.0.1',
        SITE_URL: 'http://localhost:4321',
        DATABASE_URL: 'file:./data/e2e-scale/e2e.db',
        TRUST_PROXY: 'true',
        WEB_CONCURRENCY: '1',
        ADMIN_PASSWORD: 'e2e-admin-password',
        E2E_SCALE_ARTICLES: '3000',
      },
    },
  ],
});
