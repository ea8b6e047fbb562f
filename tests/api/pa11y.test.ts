import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../helpers/suite.ts';
import { useTestServer } from '../helpers/test-server.ts';

// The public pages checked by pa11y-ci, an outside tool, against WCAG 2 AA with both of its
// runners (HTML_CodeSniffer, pa11y-ci's default, and axe), at a desktop's width and a phone's, in Debian's Chromium
// (`npm test` installs it; scripts/ensure-chromium.mjs).
const CHROMIUM = '/usr/bin/chromium';
const PAGES = [
  '/',
  '/news',
  '/news?q=reactor',
  '/markets',
  '/markets/wti',
  '/markets/gas-storage?range=5y',
  '/calendar',
  '/calendar?kind=wpsr',
  '/article/permian-output-holds-near-record-as-rig-count-slips',
  '/category/oil-gas',
  '/author/dana-whitfield',
  '/article/gulf-coast-refiners-post-strong-margins-into-q4',
  '/corrections',
  '/analytics',
  '/newsletter',
  '/about',
  '/contact',
  '/privacy-policy',
];
/** The pages whose phone layout differs most (the header's menu, the strip, the calendar's rows). */
const PHONE_PAGES = ['/', '/news', '/markets/wti', '/calendar', '/article/permian-output-holds-near-record-as-rig-count-slips'];

const server = useTestServer();
const dir = useTempDir('energy-pa11y-');

interface Pa11yIssue {
  code: string;
  message: string;
  selector: string;
  runner?: string;
}

describe('pa11y-ci (WCAG 2 AA)', () => {
  it('finds no error on the public pages, on a desktop and on a phone', { timeout: 600_000 }, async () => {
    const config = join(dir.path, 'pa11y.json');
    const url = (path: string) => `${server.url}${path}`;
    writeFileSync(
      config,
      JSON.stringify({
        defaults: {
          standard: 'WCAG2AA',
          runners: ['htmlcs', 'axe'],
          // axe's "needs review" (text over a gradient, a chart's SVG text) is a warning for a person to look at, not a failure.
          levelCapWhenNeedsReview: 'warning',
          timeout: 120_000,
          concurrency: 1,
          chromeLaunchConfig: { executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] },
        },
        urls: [
          ...PAGES.map(url),
          ...PHONE_PAGES.map((path) => ({
            url: `${url(path)}${path.includes('?') ? '&' : '?'}viewport=phone`,
            viewport: { width: 390, height: 844, isMobile: true },
          })),
        ],
      }),
    );
    // pa11y-ci exits non-zero when it finds an issue; its JSON report is on stdout either way.
    const { stdout } = await promisify(execFile)(join('node_modules', '.bin', 'pa11y-ci'), ['--config', config, '--json'], {
      maxBuffer: 32 * 1024 * 1024,
      timeout: 540_000,
      env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1' },
    }).catch((error: Error & { stdout?: string; stderr?: string }) => {
      if (!error.stdout) throw new Error(`pa11y-ci did not report: ${error.stderr ?? error.message}`);
      return { stdout: error.stdout };
    });
    const report = JSON.parse(stdout) as { total: number; results: Record<string, (Pa11yIssue | { message: string })[]> };
    expect(report.total).toBe(PAGES.length + PHONE_PAGES.length);
    const issues = Object.entries(report.results).flatMap(([page, list]) =>
      list.map((issue) => `${page.replace(server.url, '')}: ${'code' in issue ? `${issue.code} ${issue.selector} ` : ''}${issue.message}`),
    );
    expect(issues).toEqual([]);
  });
});
