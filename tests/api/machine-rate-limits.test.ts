// The per-address limits of reads are the machine's, not each web process's (#35): the data
// API's reads, the beacon's views a minute and the chart files drawn on a miss are counted by
// the cluster's primary, so behind two web processes an address still gets its minute once.
// Every request goes on a connection of its own: the primary hands new connections to the
// processes in turn, so a run of requests is answered by both.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { SERIES_SLUGS } from '@/lib/series-catalog';
import { VIEWS_PER_CLIENT_PER_MINUTE } from '@/server/services/rate-limits/rules';
import { isContractError } from '../helpers/raw-http.ts';
import { useTestServer } from '../helpers/test-server.ts';

const API_LIMIT = 6;
const CHART_LIMIT = 5;
const server = useTestServer({
  WEB_CONCURRENCY: '2',
  TRUST_PROXY: 'true',
  API_RATE_LIMIT: String(API_LIMIT),
  CHART_RATE_LIMIT: String(CHART_LIMIT),
});
const READER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request from client `from` (X-Forwarded-For, which the server trusts), on a connection of its own. */
function send(method: string, path: string, from: string, body?: unknown): Promise<Answer> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      `${server.url}${path}`,
      {
        method,
        agent: false,
        headers: {
          'X-Forwarded-For': from,
          'User-Agent': READER,
          ...(text === undefined
            ? {}
            : { Origin: server.url, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/**
 * The most requests a run begun at `startedAt` may have passed, under a per-minute `limit`
 * counted for the machine: the limit, one request the other process let through on first
 * seeing the address (told to the primary after it), and what came back since the run began.
 */
const mostPassed = (limit: number, startedAt: number) => limit + 1 + Math.floor(((Date.now() - startedAt) * limit) / 60_000);

/** A 429 as the contract says it: Retry-After in seconds, and the JSON error naming what was limited. */
function expectRefused(answer: Answer, message: RegExp): void {
  expect(answer.status, answer.body).toBe(429);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(isContractError(answer.body)).toBe(true);
  expect((JSON.parse(answer.body) as { message: string }).message).toMatch(message);
}

describe('behind two web processes', () => {
  it('gives an address API_RATE_LIMIT data API reads a minute on the whole machine, not that many in each process', async () => {
    const startedAt = Date.now();
    const answers: Answer[] = [];
    for (let i = 0; i < 2 * API_LIMIT; i++) answers.push(await send('GET', `/api/series?n=${i}`, '192.0.2.20'));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    // The old count, one bucket per process, let through twice the limit.
    const passed = statuses.filter((s) => s === 200).length;
    expect(passed).toBeGreaterThanOrEqual(API_LIMIT);
    expect(passed).toBeLessThanOrEqual(mostPassed(API_LIMIT, startedAt));
    expect(statuses.slice(0, API_LIMIT)).toEqual(Array<number>(API_LIMIT).fill(200));
    expectRefused(answers.find((a) => a.status === 429) ?? { status: 0, headers: {}, body: '' }, /Too many data API requests/);
    // Another address has its own minute.
    expect((await send('GET', '/api/series', '192.0.2.21')).status).toBe(200);
  }, 60_000);

  it("refuses an address's views past the minute's limit on the whole machine, not past it in each process", async () => {
    const startedAt = Date.now();
    const answers: Answer[] = [];
    // Views of distinct (made-up) stories: none repeats another, each counts against the minute.
    for (let i = 0; i < VIEWS_PER_CLIENT_PER_MINUTE + 10; i++) answers.push(await send('POST', '/api/views', '192.0.2.30', { article: 800_000 + i }));
    const statuses = answers.map((a) => a.status);
    const answered = statuses.filter((s) => s === 204).length;
    expect(statuses.filter((s) => s !== 204 && s !== 429)).toEqual([]);
    // At most the minute's views pass (the old count let 30 through in each process: all 40). A
    // process may hold one token of the address's lease the other process's request could not spend.
    expect(answered).toBeLessThanOrEqual(mostPassed(VIEWS_PER_CLIENT_PER_MINUTE, startedAt));
    expect(answered).toBeGreaterThanOrEqual(VIEWS_PER_CLIENT_PER_MINUTE - Math.floor(VIEWS_PER_CLIENT_PER_MINUTE / 20));
    expectRefused(answers.find((a) => a.status === 429) ?? { status: 0, headers: {}, body: '' }, /Too many page views/);
    expect((await send('POST', '/api/views', '192.0.2.31', { article: 800_999 })).status).toBe(204);
  }, 60_000);

  it('draws CHART_RATE_LIMIT chart files and previews a minute for an address: past it a 429, while hits stay free and another address is served', async () => {
    const cached = '/charts/markets/wti.csv';
    /** Another address puts the file in both processes' caches (a miss in each, then a hit in each). */
    const cacheEverywhere = async () => {
      let hits = 0;
      for (let i = 0; i < 10 && hits < 2; i++) {
        const answer = await send('GET', cached, '192.0.2.40');
        expect(answer.status, answer.body).toBe(200);
        hits = answer.headers['x-cache'] === 'HIT' ? hits + 1 : 0;
      }
      expect(hits).toBe(2);
    };
    await cacheEverywhere();

    const from = '192.0.2.41';
    const misses = SERIES_SLUGS.filter((slug) => slug !== 'wti').map((slug) => `/charts/markets/${slug}.csv`);
    const startedAt = Date.now();
    let drawn = 0;
    let refused: Answer | undefined;
    for (const path of misses.slice(0, CHART_LIMIT + 3)) {
      const answer = await send('GET', path, from);
      if (answer.status === 429) {
        refused = answer;
        break;
      }
      expect(answer.status, `${path}: ${answer.body}`).toBe(200);
      expect(answer.headers['x-cache']).not.toBe('HIT');
      drawn++;
    }
    // The old front drew every miss (behind two processes with buckets of their own, twice the limit).
    expect(drawn).toBeGreaterThanOrEqual(CHART_LIMIT);
    expect(drawn).toBeLessThanOrEqual(mostPassed(CHART_LIMIT, startedAt));
    expectRefused(refused ?? { status: 0, headers: {}, body: '' }, /Too many chart files/);
    expectRefused(await send('GET', '/og/markets/wti.png?v=limited', from), /Too many chart files/);
    const head = await send('HEAD', '/charts/markets/made-up-series.svg', from);
    expect(head.status).toBe(429);
    expect(Number(head.headers['retry-after'])).toBeGreaterThan(0);
    // What is cached is answered to the limited address as to anyone, in both processes. (A job
    // of the server's may purge the file meanwhile: then it is a miss, refused, and cached again.)
    let served = 0;
    for (let i = 0; i < 10 && served < 2; i++) {
      const hit = await send('GET', cached, from);
      if (hit.status === 429) await cacheEverywhere();
      else {
        expect(hit.status).toBe(200);
        expect(hit.headers['x-cache']).toBe('HIT');
        served++;
      }
    }
    expect(served).toBe(2);
    // Another address is served.
    expect((await send('GET', misses[drawn] ?? '', '192.0.2.42')).status).toBe(200);
  }, 120_000);
});
