import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages } from '@db/schema';
import { isContractError, parseResponse, rawExchange, readMetric, stalledWrite, type RawOutcome } from '../helpers/raw-http.ts';
import { useDuringSuite } from '../helpers/suite.ts';
import { freePort, useTestServer, type TestServer } from '../helpers/test-server.ts';
import { WRITE_ADMISSION } from '@/server/front/write-admission';

const portOf = (server: TestServer) => Number(new URL(server.url).port);

/** A whole contact-form POST (valid, so it stores a message) on a raw socket. */
function contactPost(i: number): string {
  const body = JSON.stringify({
    name: `Reader ${i}`,
    email: `r${i}@example.com`,
    subject: 'Hello',
    category: 'general',
    message: 'A message long enough.',
  });
  return `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nX-Forwarded-For: 203.0.113.${i}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** The head of a contact POST announcing 1,000 bytes of body, with its first few. */
const stalledHead = (i: number) =>
  `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nX-Forwarded-For: 198.51.100.${i}\r\nContent-Length: 1000\r\n\r\n`;

const categories = async (server: TestServer) => (await fetch(`${server.url}/api/categories`)).status;

/** The slots anonymous writes may take in one process (the rest are kept for sign-ins and staff). */
const ANONYMOUS_SLOTS = WRITE_ADMISSION.slots - WRITE_ADMISSION.reserved.signIn - WRITE_ADMISSION.reserved.staff;

/**
 * Contact posts, each from an address of its own, whose 16,000-byte bodies arrive at about
 * 1.1 KB a second: fast enough for the minimum rate, so each holds its write slot for some
 * 14 s. `stop` ends them.
 */
function slowWrites(port: number, count: number, firstAddress: number) {
  const writes = Array.from({ length: count }, (_, i) =>
    stalledWrite(
      port,
      `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nX-Forwarded-For: 198.51.100.${firstAddress + i}\r\nContent-Length: 16000\r\n\r\n`,
      '{',
    ),
  );
  const drip = setInterval(() => writes.forEach((w) => w.socket.writable && w.socket.write(' '.repeat(550))), 500);
  return {
    stop() {
      clearInterval(drip);
      writes.forEach((w) => w.socket.destroy());
    },
  };
}

describe('the HTTP front under requests it cannot parse', () => {
  const server = useTestServer({ WEB_CONCURRENCY: '1' });
  /** The answer to one request sent whole on a raw socket of its own. */
  const answerTo = async (request: string) => (await rawExchange(portOf(server), { send: [request] })).response;

  it('answers targets with a doubled slash and an address no URL parser takes, and keeps serving', async () => {
    for (const target of ['//%zz/', '//%25zz/x', '//%00?x', '//%2F/a', '//%ff/', '/%zz', '/api/%zz', '/news%00', '*', 'foo']) {
      const answer = await answerTo(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect(answer?.status, target).toBeDefined();
      expect(answer?.status ?? 0, target).toBeLessThan(500);
      expect(answer?.status, target).not.toBe(200);
      expect(await categories(server), `after ${target}`).toBe(200);
    }
    expect(server.output()).not.toMatch(/TypeError|Invalid URL/);
  });

  it('answers a target it cannot decode with the contract JSON 400, and redirects a doubled slash to this site only', async () => {
    const bad = await answerTo('GET //%zz/ HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(bad?.status).toBe(400);
    expect(isContractError(bad?.body)).toBe(true);
    const doubled = await answerTo('GET //evil.example/x HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(doubled?.status).toBe(301);
    expect(doubled?.headers['location']).toBe('/evil.example/x');
  });

  it('ignores the host of an absolute-form target and answers OPTIONS * for the whole server', async () => {
    const absolute = await answerTo('GET http://evil.example/api/categories HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(absolute?.status).toBe(200);
    expect(absolute?.body).toMatch(/^\[/);
    const options = await answerTo('OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(options?.status).toBe(204);
    expect(options?.headers['allow']).toContain('GET');
  });

  it("answers headers that never finish with 408 within seconds, not Node's 300", async () => {
    const outcome = await rawExchange(portOf(server), { send: ['GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1'], timeoutMs: 60_000 });
    expect(outcome.response?.status ?? (outcome.closed ? 'closed' : 'no answer')).toBe(408);
    expect(outcome.ms).toBeLessThan(30_000);
  });

  it.each(['a b', '%zz', '[::1', '', 'a/b', '999.1.1.1', 'localhost:99999', 'caf\u00e9.example'])(
    'answers a Host of %j, which names no host, with 400 on every path and method, never cacheable, and stores nothing',
    async (host) => {
      const stored = async () => (await server.database.db.select({ n: count() }).from(contactMessages))[0]?.n ?? 0;
      const before = await stored();
      const contact = JSON.stringify({
        name: 'Sam',
        email: 'sam@example.com',
        subject: 'Hello',
        category: 'general',
        message: 'A message long enough.',
      });
      const requests = [
        ['GET', '/'],
        ['GET', '/news'],
        ['HEAD', '/'],
        ['GET', '/api/categories'],
        ['POST', '/api/contact'],
        ['DELETE', '/api/admin/articles/1'],
        ['GET', '/healthz'],
      ] as const;
      for (const [method, path] of requests) {
        const body = method === 'POST' ? contact : '';
        const head = `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
        const outcome = await rawExchange(portOf(server), { send: [Buffer.from(head, 'latin1'), body], head: method === 'HEAD' });
        const what = `${method} ${path} with Host ${JSON.stringify(host)}`;
        expect(outcome.response?.status, what).toBe(400);
        expect(outcome.response?.headers['cache-control'], what).toBe('no-store');
        if (path.startsWith('/api/')) expect(isContractError(outcome.response?.body), what).toBe(true);
        else if (method !== 'HEAD') expect(outcome.response?.headers['content-type'], what).toContain('text/plain');
      }
      expect(await stored()).toBe(before);
    },
  );

  it('takes the Hosts a client may send: a name with a port, an IPv4 address, an IPv6 literal', async () => {
    for (const host of ['localhost:4321', 'energy.example', '127.0.0.1', '[::1]:4321', 'xn--caf-dma.example']) {
      expect((await answerTo(`GET /api/categories HTTP/1.1\r\nHost: ${host}\r\n\r\n`))?.status, host).toBe(200);
    }
  });

  it("answers Node's own refusals with the contract JSON: an HTTP/1.1 request without Host (400), an Expect it cannot meet (417)", async () => {
    const noHost = await answerTo('GET /api/categories HTTP/1.1\r\n\r\n');
    expect(noHost?.status).toBe(400);
    expect(isContractError(noHost?.body)).toBe(true);
    // HTTP/1.0 has no Host to require.
    expect((await answerTo('GET /api/categories HTTP/1.0\r\n\r\n'))?.status).toBe(200);
    const odd = await rawExchange(portOf(server), {
      send: [
        'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nExpect: the-unexpected\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
      ],
    });
    expect(odd.response?.status).toBe(417);
    expect(isContractError(odd.response?.body)).toBe(true);
  });

  it('sends 100 Continue only to a request it lets in: a body too large is refused before the client sends it', async () => {
    const connect = async () => {
      const socket = net.connect(portOf(server), '127.0.0.1');
      const seen = { text: '' };
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (seen.text += chunk));
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      return { socket, received: () => seen.text };
    };
    const { socket, received } = await connect();
    const body = JSON.stringify({
      name: 'Sam',
      email: 'sam@example.com',
      subject: 'Continue',
      category: 'general',
      message: 'Sent after 100 Continue.',
    });
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost:4321\r\nX-Forwarded-For: 203.0.113.250\r\nExpect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    await expect.poll(received, { timeout: 30_000 }).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n$/);
    socket.write(body);
    await expect.poll(received, { timeout: 30_000 }).toMatch(/HTTP\/1\.1 201 /);
    socket.destroy();
    const large = await connect();
    large.socket.write(
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n',
    );
    await expect.poll(large.received, { timeout: 30_000 }).toMatch(/\r\n\r\n/);
    expect(large.received()).toMatch(/^HTTP\/1\.1 413 /);
    large.socket.destroy();
  });

  it('answers a request line Node cannot parse with the contract JSON 400', async () => {
    const answer = await answerTo('GET /\x01 HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(answer?.status).toBe(400);
    expect(isContractError(answer?.body)).toBe(true);
  });

  // Two ways an answer comes before the body's end: an upload without a session is refused
  // (401) before its body is read; a contact message past the body limit is refused (413) by
  // the app once it has read a little of the body (chunked: no length to refuse it on).
  const chunk = (bytes: number) => `${bytes.toString(16)}\r\n${'x'.repeat(bytes)}\r\n`;
  const early = [
    {
      name: 'refused before its body is read',
      status: 401,
      head: (url: string) =>
        `POST /api/admin/media HTTP/1.1\r\nHost: localhost\r\nOrigin: ${url}\r\n` +
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 600000\r\n\r\n${'x'.repeat(1_000)}`,
      rest: Array.from({ length: 6 }, (_, i) => 'x'.repeat(i < 5 ? 100_000 : 99_000)),
    },
    {
      name: 'refused by the app past its body limit',
      status: 413,
      head: (url: string) =>
        `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nOrigin: ${url}\r\nContent-Type: application/json\r\n` +
        `Transfer-Encoding: chunked\r\n\r\n${chunk(64 * 1024)}${chunk(64 * 1024)}`,
      rest: [...Array.from({ length: 6 }, () => chunk(64 * 1024)), '0\r\n\r\n'],
    },
    {
      // Node's parser refuses both framings at once (request smuggling): its refusal comes
      // at the head, before any of the body it cannot frame.
      name: 'refused by the parser for saying both chunked and Content-Length',
      status: 400,
      head: (url: string) =>
        `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nOrigin: ${url}\r\nContent-Type: application/json\r\n` +
        `Transfer-Encoding: chunked\r\nContent-Length: 458752\r\n\r\n${chunk(64 * 1024)}`,
      rest: [...Array.from({ length: 6 }, () => chunk(64 * 1024)), '0\r\n\r\n'],
    },
  ];
  it.each(early)('lets a client still sending its body when $name read the answer, then closes cleanly, not with a reset', async (each) => {
    // The client reads the early answer, then sends the rest of its body: the server must
    // drain it and close with a FIN; a socket closed under it would answer those bytes with
    // a reset (EPIPE / ECONNRESET), often before the client had read its answer.
    // Half-open allowed: the client goes on sending after the server's FIN, as a client would.
    const socket = net.connect({ port: portOf(server), host: '127.0.0.1', allowHalfOpen: true });
    const events: string[] = [];
    let received = Buffer.alloc(0);
    const answered = new Promise<void>((resolve) =>
      socket.on('data', (data: Buffer) => {
        received = Buffer.concat([received, data]);
        if (parseResponse(received, false)) resolve();
      }),
    );
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const ended = new Promise<void>((resolve) => socket.once('end', () => resolve()));
    socket.on('end', () => events.push('end'));
    socket.on('error', (error: NodeJS.ErrnoException) => events.push(error.code ?? 'error'));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(each.head(server.url));
    await answered;
    const answer = parseResponse(received, false);
    expect(answer?.status).toBe(each.status);
    expect(answer?.headers['connection']).toBe('close');
    expect(isContractError(answer?.body)).toBe(true);
    // No other answer may follow on this connection: the server half-closes it at once.
    await ended;
    for (const piece of each.rest) {
      if (socket.destroyed) break;
      await new Promise<void>((resolve) => socket.write(piece, () => resolve()));
    }
    socket.end();
    await closed;
    expect(events).toEqual(['end']);
    // Nor did the server take the client's leaving for a fault of its own.
    expect(server.output()).not.toMatch(/EPIPE|ECONNRESET|request_failed|Unhandled error/);
  });
});

describe('write admission', () => {
  const ports = useDuringSuite(
    async () => ({ metrics: await freePort() }),
    () => Promise.resolve(),
  );
  const server = useTestServer(() => ({ WEB_CONCURRENCY: '1', TRUST_PROXY: 'true', METRICS_PORT: String(ports.metrics) }));
  /** Waits until the server counts `count` writes in a state (its metrics), rather than for a while. */
  const untilWrites = async (series: 'site_write_slots_busy' | 'site_write_waiting', count: number) => {
    while ((await readMetric(ports.metrics, series)) < count) await new Promise((resolve) => setTimeout(resolve, 50));
  };

  it('answers a body that stops arriving with 408 within seconds, and frees its slot', async () => {
    const stalled = stalledWrite(portOf(server), stalledHead(1), '{"name":');
    const outcome = await stalled.outcome;
    expect(outcome.response?.status).toBe(408);
    expect(outcome.ms).toBeLessThan(30_000);
    stalled.socket.destroy();
  });

  it('gives back the slot of every client that hangs up while it waits: writes still answer after a burst of them', async () => {
    // Slow bodies hold every anonymous slot; eight more writes queue behind them and hang up.
    const slow = slowWrites(portOf(server), ANONYMOUS_SLOTS, 10);
    await untilWrites('site_write_slots_busy', ANONYMOUS_SLOTS);
    // Each hangs up once the server counts it waiting for a slot.
    const queued = Array.from({ length: 8 }, (_, i) => stalledWrite(portOf(server), contactPost(i + 30), ''));
    await untilWrites('site_write_waiting', 8);
    queued.forEach((q) => q.socket.destroy());
    slow.stop();
    // Once the slow clients are gone, every slot is free again: 16 writes at once are all answered.
    const statuses = await Promise.all(
      Array.from(
        { length: 16 },
        async (_, i) => (await rawExchange(portOf(server), { send: [contactPost(i + 60)], timeoutMs: 60_000 })).response?.status,
      ),
    );
    expect(statuses).toEqual(Array.from({ length: 16 }, () => 201));
  }, 120_000);

  it('answers a write that waits too long for a slot with 503 and Retry-After, and serves reads meanwhile', async () => {
    const slow = slowWrites(portOf(server), ANONYMOUS_SLOTS, 100);
    try {
      await untilWrites('site_write_slots_busy', ANONYMOUS_SLOTS);
      const waiting = rawExchange(portOf(server), { send: [contactPost(120)], timeoutMs: 60_000 });
      expect(await categories(server)).toBe(200);
      const outcome: RawOutcome = await waiting;
      expect(outcome.response?.status).toBe(503);
      expect(Number(outcome.response?.headers['retry-after'])).toBeGreaterThan(0);
      expect(isContractError(outcome.response?.body)).toBe(true);
    } finally {
      slow.stop();
    }
  }, 120_000);
});

describe('the cluster', () => {
  const server = useTestServer({ WEB_CONCURRENCY: '2' });

  const workers = () =>
    execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.pid)], { encoding: 'utf8' })
      .split('\n')
      .map((s) => Number(s.trim()))
      .filter((n) => n > 0);

  it('keeps replacing web processes that keep dying, waiting longer each time, and says so', async () => {
    const killed = new Set<number>();
    for (let i = 0; i < 8; i++) {
      await expect.poll(() => workers().filter((pid) => !killed.has(pid)).length, { timeout: 90_000, interval: 100 }).toBe(2);
      const [victim] = workers().filter((pid) => !killed.has(pid));
      killed.add(victim ?? 0);
      process.kill(victim ?? 0, 'SIGKILL');
    }
    await expect.poll(() => workers().filter((pid) => !killed.has(pid)).length, { timeout: 120_000, interval: 200 }).toBe(2);
    await expect.poll(() => categories(server), { timeout: 30_000 }).toBe(200);
    expect(server.output()).toMatch(/starting another in \d+(\.\d)? s/);
    expect(server.output()).not.toContain('stopping');
  }, 240_000);
});
