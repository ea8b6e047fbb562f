// Write admission is fair between clients: one address that trickles many request bodies
// cannot hold the write slots every other client needs, and staff are never starved by
// anonymous traffic. Real source addresses: the server listens on 127.0.0.1, and a client
// socket bound to 127.0.0.2 (another loopback address) is another client.
import http from 'node:http';
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { articles, categories } from '@db/schema';
import { WRITE_ADMISSION } from '@/server/front/write-admission';
import { isContractError, parseResponse, readMetric, stalledWrite } from '../helpers/raw-http.ts';
import { useDuringSuite } from '../helpers/suite.ts';
import { freePort, useTestServer } from '../helpers/test-server.ts';

const PASSWORD = 'fair-writes-password';
const ATTACKER = '127.0.0.1';
/** Far longer than an answer takes, far shorter than the 30 s a trickled body once held its slot. */
const PROMPT_MS = 5_000;

const ports = useDuringSuite(
  async () => ({ metrics: await freePort() }),
  () => Promise.resolve(),
);
const server = useTestServer(() => ({ WEB_CONCURRENCY: '2', ADMIN_PASSWORD: PASSWORD, METRICS_PORT: String(ports.metrics) }));
let port: number;
let articleId: number;
let categoryId: number;

beforeAll(async () => {
  port = Number(new URL(server.url).port);
  const [article] = await server.database.db.select({ id: articles.id }).from(articles).limit(1);
  const [category] = await server.database.db.select({ id: categories.id }).from(categories).limit(1);
  articleId = article?.id ?? 1;
  categoryId = category?.id ?? 1;
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

/** A JSON request from the client address `from`, on a connection of its own; answers with how long it took. */
function send(method: string, path: string, body: unknown, options: { from: string; cookie?: string }): Promise<Answer> {
  const text = JSON.stringify(body);
  const started = Date.now();
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress: options.from,
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(text)),
          Origin: server.url,
          ...(options.cookie ? { Cookie: options.cookie } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString(), ms: Date.now() - started }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/**
 * `count` connections from `from`, each a write to `path` announcing a 1,000-byte body and
 * sending one byte of it every `everyMs`; a connection the server answers or closes is
 * replaced at the next tick, as an attacker keeping up the pressure would.
 */
function trickle(count: number, path: string, options: { from: string; everyMs: number }) {
  const open = new Set<net.Socket>();
  const statuses: number[] = [];
  let stopped = false;
  const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${server.url}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`;
  const connect = () => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: options.from });
    open.add(socket);
    let data = Buffer.alloc(0);
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const response = parseResponse(data, false);
      if (!response) return;
      statuses.push(response.status);
      socket.destroy();
    });
    socket.on('close', () => open.delete(socket));
    socket.once('connect', () => socket.write(head));
  };
  for (let i = 0; i < count; i++) connect();
  const timer = setInterval(() => {
    for (const socket of open) if (socket.writable) socket.write(' ');
    while (!stopped && open.size < count) connect();
  }, options.everyMs);
  return {
    /** Connections the attack holds open now (sent, not answered). */
    get open() {
      return open.size;
    },
    statuses,
    stop() {
      stopped = true;
      clearInterval(timer);
      for (const socket of open) socket.destroy();
    },
  };
}

/** Until the server (both processes) holds at least `busy` writes running and `waiting` waiting. */
async function untilPressed(busy: number, waiting: number): Promise<void> {
  while ((await readMetric(ports.metrics, 'site_write_slots_busy')) < busy || (await readMetric(ports.metrics, 'site_write_waiting')) < waiting) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Until the server (both processes) runs and holds no write. */
async function untilIdle(): Promise<void> {
  while ((await readMetric(ports.metrics, 'site_write_slots_busy')) > 0 || (await readMetric(ports.metrics, 'site_write_waiting')) > 0) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('write admission between clients', () => {
  it.each([
    // Each from a reader of its own (a comment's rate limit is per address).
    { attack: 'contact messages', path: '/api/contact', reader: '127.0.0.2' },
    { attack: 'sign-ins', path: '/api/admin/login', reader: '127.0.0.4' },
  ])(
    'lets another address sign in and comment, and staff save, while one address trickles 50 $attack',
    async ({ path, reader }) => {
      // What the server counts is this attack's, not what an earlier one left.
      await untilIdle();
      const attack = trickle(50, path, { from: ATTACKER, everyMs: 2_000 });
      try {
        // The attack is on: the server holds its writes, running and waiting.
        await untilPressed(2, 10);
        const signIn = await send('POST', '/api/admin/login', { username: 'admin', password: PASSWORD }, { from: reader });
        expect(signIn.status, signIn.body).toBe(200);
        expect(signIn.ms).toBeLessThan(PROMPT_MS);
        const cookie = (signIn.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
        const comment = await send(
          'POST',
          `/api/articles/${articleId}/comments`,
          { authorName: 'Another Reader', authorEmail: 'another@example.com', content: 'Posted while one address trickled its bodies.' },
          { from: reader },
        );
        expect(comment.status, comment.body).toBe(201);
        expect(comment.ms).toBeLessThan(PROMPT_MS);
        // A staff save from the attacker's own address (a newsroom behind one NAT) is not held behind it either.
        const save = await send(
          'PATCH',
          `/api/admin/categories/${categoryId}`,
          { description: 'Saved during the trickle.' },
          { from: ATTACKER, cookie },
        );
        expect(save.status, save.body).toBe(200);
        expect(save.ms).toBeLessThan(PROMPT_MS);
        // The attack was still going on all along.
        expect(attack.open).toBeGreaterThanOrEqual(25);
        expect(await readMetric(ports.metrics, 'site_write_waiting')).toBeGreaterThan(0);
      } finally {
        attack.stop();
      }
    },
    120_000,
  );

  it('caps one address on the whole machine: its trickled writes hold its two places once, not once in each process', async () => {
    await untilIdle();
    const connections = 20;
    const attack = trickle(connections, '/api/contact', { from: '127.0.0.5', everyMs: 1_000 });
    try {
      // Every connection arrived (the primary hands them to both processes in turn).
      let busy = 0;
      let waiting = 0;
      while (busy + waiting < connections) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        busy = await readMetric(ports.metrics, 'site_write_slots_busy');
        waiting = await readMetric(ports.metrics, 'site_write_waiting');
      }
      expect(attack.statuses).toEqual([]);
      expect(busy).toBe(WRITE_ADMISSION.perClient.anonymous);
      expect(waiting).toBe(connections - WRITE_ADMISSION.perClient.anonymous);
    } finally {
      attack.stop();
    }
  }, 60_000);

  it('answers a body that trickles below the minimum rate with the JSON 408 well before 30 s', async () => {
    const head = `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${server.url}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;
    const slow = stalledWrite(port, head, '{', { localAddress: '127.0.0.3' });
    const drip = setInterval(() => slow.socket.writable && slow.socket.write(' '), 2_000);
    try {
      const outcome = await slow.outcome;
      expect(outcome.response?.status).toBe(408);
      expect(isContractError(outcome.response?.body)).toBe(true);
      expect(outcome.ms).toBeLessThan(15_000);
    } finally {
      clearInterval(drip);
      slow.socket.destroy();
    }
  }, 60_000);
});
