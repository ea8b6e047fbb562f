// The server's edge, fuzzed: property-based raw-socket requests against the built server in
// two processes. Malformed request lines and targets, every method, odd and oversized
// headers, bodies cut, paused, chunked, oversized, in bad UTF-8 or deeply nested JSON, and
// clients that hang up at every stage. Seeded (FUZZ_SEED, FUZZ_RUNS to explore further) and
// bounded, so it runs in `npm test` on a busy machine.
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { articles } from '@db/schema';
import { isContractError, rawExchange, type RawOutcome } from '../helpers/raw-http.ts';
import { useTestServer } from '../helpers/test-server.ts';

const SEED = Number(process.env['FUZZ_SEED'] ?? 20_261_124);
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 60);
/** Requests sent at once in one run. */
const BATCH = 6;

const server = useTestServer({ WEB_CONCURRENCY: '2', TRUST_PROXY: 'true' });
let port: number;
let articleId: number;
let workerPids: number[];

const workers = () =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.pid)], { encoding: 'utf8' })
    .split('\n')
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0)
    .sort();

beforeAll(async () => {
  port = Number(new URL(server.url).port);
  const [row] = await server.database.db.select({ id: articles.id }).from(articles).limit(1);
  articleId = row?.id ?? 1;
  workerPids = workers();
});

const PATHS = [
  '/',
  '/news',
  '/news?q=oil&category=oil-gas&page=2',
  '/article/permian',
  '/category/oil-gas',
  '/markets/wti?range=5y',
  '/calendar.ics',
  '/rss.xml',
  '/sitemap.xml',
  '/newsletter',
  '/admin',
  '/admin/login',
  '/admin/sign-in',
  '/api/articles',
  '/api/articles?limit=5&offset=-1',
  '/api/articles/ARTICLE/comments',
  '/api/contact',
  '/api/newsletter/subscribe',
  '/api/admin/login',
  '/api/admin/articles',
  '/api/admin/media',
  '/api/series/wti?format=csv',
  '/api/series/wti?format=csv&asOf=2026-11-20',
  '/api/series/wti/revisions?limit=5',
  '/api/openapi.json',
  '/og/article/x.png',
  '/_astro/missing.js',
];

const weirdSegment = fc.constantFrom(
  '%zz',
  '%25zz',
  '%00',
  '%ff',
  '%E0%A4%A',
  '%2F',
  '..',
  '%2e%2e',
  '.',
  '',
  '//',
  '\u00e9',
  '%C0%AF',
  '~',
  '@',
  ';x=1',
  '?',
  '#frag',
  'a'.repeat(3000),
);

/** A request target: a real path, one bent out of shape, or no path at all. */
const target = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PATHS) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom(...PATHS), fc.array(weirdSegment, { minLength: 1, maxLength: 3 }), fc.boolean())
      .map(([path, extra, front]) => (front ? `/${extra.join('/')}${path}` : `${path}/${extra.join('/')}`)),
  },
  { weight: 1, arbitrary: fc.constantFrom('*', '', 'foo', 'http://evil.example/api/articles', 'https://x/%zz', '//%zz/', '/\t/', '/a b') },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((s) => `/${encodeURI(s).slice(0, 200)}`) },
);

const method = fc.constantFrom(
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'CONNECT',
  'PROPFIND',
  'get',
  'G\u00e9T',
  'POST ',
);
const version = fc.constantFrom('HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1 x', 'http/1.1', 'HTTP/9');

const headerPair = fc.oneof(
  fc.constantFrom<[string, string]>(
    ['Content-Type', 'application/json'],
    ['Content-Type', 'application/json; charset=latin1'],
    ['Content-Type', 'multipart/form-data; boundary=----x'],
    ['Content-Type', 'application/x-www-form-urlencoded'],
    ['Content-Type', '\u00ff/\u00ff'],
    ['Accept-Encoding', 'br;q=0, gzip;q=0.5, *;q=0'],
    ['Accept-Encoding', 'x'.repeat(500)],
    ['If-None-Match', '"x", W/"y", *'],
    ['Range', 'bytes=0-1,5-'],
    ['Origin', 'http://evil.example'],
    ['Origin', 'null'],
    ['Sec-Fetch-Site', 'cross-site'],
    ['Cookie', 'session=a.b; session=; =x'],
    ['X-Forwarded-For', 'not an address, ::1, 999.1.1.1'],
    ['Expect', '100-continue'],
    ['Transfer-Encoding', 'gzip'],
    ['Transfer-Encoding', 'chunked, chunked'],
    ['Content-Length', '-1'],
    ['Content-Length', '99999999999999999999'],
    ['Content-Length', '5, 6'],
    ['Host', ''],
    ['Host', 'evil.example:99999'],
    ['Host', 'a b'],
    ['Host', '%zz'],
    ['Host', '[::1'],
    ['Host', 'a/b'],
    ['Bad Header', 'x'],
    ['X-Long', 'y'.repeat(20_000)],
    ['X-Nul', 'a\u0000b'],
    ['X-Latin', '\u00e9\u00ff'],
  ),
  fc.tuple(fc.stringMatching(/^[A-Za-z-]{1,20}$/), fc.string({ maxLength: 60 })).map(([n, v]) => [n, v.replace(/[\r\n]/g, '')] as [string, string]),
);

/** A body, as bytes, or none. */
const body = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Buffer | undefined>(undefined) },
  {
    weight: 3,
    arbitrary: fc
      .record({ authorName: fc.string(), authorEmail: fc.constantFrom('a@example.com', 'x', ''), content: fc.string({ maxLength: 500 }) })
      .map((o) => Buffer.from(JSON.stringify(o))),
  },
  { weight: 2, arbitrary: fc.json({ maxDepth: 4 }).map((s) => Buffer.from(s)) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2_000 }).map((a) => Buffer.from(a)) },
  { weight: 1, arbitrary: fc.constantFrom(Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]), Buffer.from('\ufeff{"a":1}')) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 20_000 }).map((depth) => Buffer.from('['.repeat(depth) + ']'.repeat(depth))) },
  { weight: 1, arbitrary: fc.constantFrom(64 * 1024, 1024 * 1024 + 1, 3 * 1024 * 1024).map((n) => Buffer.alloc(n, 0x61)) },
);

/** How the body is framed on the wire. */
const framing = fc.constantFrom('length', 'length', 'chunked', 'bad-chunked', 'short-length', 'none');

/** When the client leaves: never (it waits for its answer) or at some stage of sending. */
const leave = fc.constantFrom('wait', 'wait', 'wait', 'wait', 'after-line', 'after-headers', 'mid-body', 'after-request');

const request = fc.record({
  method,
  target,
  version,
  headers: fc.array(headerPair, { maxLength: 6 }),
  body,
  framing,
  leave,
  pause: fc.integer({ min: 0, max: 200 }),
});
type FuzzRequest = typeof request extends fc.Arbitrary<infer T> ? T : never;

/** The request's bytes in the pieces it is sent in, with pauses, cut where the client leaves. */
function wire(r: FuzzRequest): { pieces: (string | Buffer | number)[]; hangUp: boolean } {
  const path = r.target.replace('ARTICLE', String(articleId));
  const line = `${r.method} ${path} ${r.version}\r\n`;
  const headers = [...r.headers];
  if (!headers.some(([name]) => name.toLowerCase() === 'host')) headers.unshift(['Host', 'localhost']);
  headers.push(['X-Forwarded-For', `192.0.2.${Math.floor(Math.random() * 250) + 1}`]);
  let bodyBytes: Buffer = Buffer.alloc(0);
  if (r.body && r.framing !== 'none') {
    if (r.framing === 'chunked') {
      headers.push(['Transfer-Encoding', 'chunked']);
      bodyBytes = Buffer.concat([Buffer.from(`${r.body.length.toString(16)}\r\n`), r.body, Buffer.from('\r\n0\r\n\r\n')]);
    } else if (r.framing === 'bad-chunked') {
      headers.push(['Transfer-Encoding', 'chunked']);
      bodyBytes = Buffer.concat([Buffer.from('zz\r\n'), r.body.subarray(0, 50), Buffer.from('\r\n')]);
    } else {
      const declared = r.framing === 'short-length' ? r.body.length + 10 : r.body.length;
      headers.push(['Content-Length', String(declared)]);
      bodyBytes = r.body;
    }
  }
  const head = `${headers.map(([n, v]) => `${n}: ${v}`).join('\r\n')}\r\n\r\n`;
  const half = Math.floor(bodyBytes.length / 2);
  switch (r.leave) {
    case 'after-line':
      return { pieces: [line, r.pause], hangUp: true };
    case 'after-headers':
      return { pieces: [line, head, r.pause], hangUp: true };
    case 'mid-body':
      return { pieces: [line, head, bodyBytes.subarray(0, half), r.pause], hangUp: true };
    case 'after-request':
      return { pieces: [line, head, bodyBytes, r.pause], hangUp: true };
    default:
      return { pieces: [line, r.pause, head, bodyBytes.subarray(0, half), r.pause, bodyBytes.subarray(half)], hangUp: false };
  }
}

/** Host headers that name no host: whatever else the request says, never answered as if they did. */
const BAD_HOSTS: ReadonlySet<string> = new Set(['', 'evil.example:99999', 'a b', '%zz', '[::1', 'a/b']);

/** What must hold of one answered request; a message for the first thing that does not. */
function problemWith(r: FuzzRequest, outcome: RawOutcome): string | undefined {
  const { response } = outcome;
  if (!response) return outcome.closed ? undefined : 'neither an answer nor a close';
  if (response.status >= 500) return `answered ${response.status}: ${response.body.slice(0, 200)}`;
  // Node keeps the first of several Host headers.
  const host = r.headers.find(([name]) => name.toLowerCase() === 'host')?.[1];
  if (host !== undefined && BAD_HOSTS.has(host)) {
    if (response.status < 400) return `a Host of ${JSON.stringify(host)} answered ${response.status}`;
    if (response.headers['cache-control'] !== 'no-store')
      return `a Host of ${JSON.stringify(host)} answered with Cache-Control: ${response.headers['cache-control'] ?? '(none)'}`;
  }
  const isApi = /^\/api(?:\/|$|\?)/.test(r.target) && !r.target.startsWith('/api/openapi.json');
  const hasBody = r.method !== 'HEAD' && ![204, 304].includes(response.status) && response.body.length > 0;
  if (isApi && hasBody && response.status >= 400 && !isContractError(response.body))
    return `an /api error that is not the contract's JSON: ${response.body.slice(0, 200)}`;
  return undefined;
}

describe('the server under fuzzed raw requests', () => {
  it('answers every request (or closes it cleanly), never with a 5xx, with the contract JSON under /api, in processes that stay up', async () => {
    const problems: string[] = [];
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const outcomes = await Promise.all(
          batch.map((r) => {
            const { pieces, hangUp } = wire(r);
            return rawExchange(port, { send: pieces, hangUp, head: r.method === 'HEAD', timeoutMs: 45_000 });
          }),
        );
        sent += batch.length;
        batch.forEach((r, i) => {
          if (r.leave !== 'wait') return;
          const outcome = outcomes[i];
          const problem = outcome ? problemWith(r, outcome) : 'no outcome';
          if (problem) problems.push(`${r.method} ${r.target.slice(0, 120)} ${r.version} [${r.framing}]: ${problem}`);
        });
        return problems.length === 0;
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(problems).toEqual([]);
    expect(sent).toBe(RUNS * BATCH);
    // No web process died or was replaced.
    expect(workers()).toEqual(workerPids);
    expect(server.output()).not.toMatch(/Web process \d+ stopped/);
    // Nothing failed inside: no request the front had to rescue, no error the app logged.
    expect(server.output()).not.toMatch(/request_failed|Unhandled error|\[ERROR\]/);
  }, 600_000);

  it('still takes writes afterwards, as many at once as before', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await fetch(`${server.url}/api/articles/${articleId}/comments`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${i + 1}` },
          body: JSON.stringify({ authorName: `After ${i}`, authorEmail: `after${i}@example.com`, content: `Still writing ${i}` }),
        });
        return res.status;
      }),
    );
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 201));
  }, 120_000);
});
