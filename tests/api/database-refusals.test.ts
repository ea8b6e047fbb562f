import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { articles, contactMessages, gridFuelHourly } from '@db/schema';
import { openDatabase } from '@db/client';
import { useTestServer, type TestServer } from '../helpers/test-server.ts';

// When the database cannot take a write (its disk is full, or another process holds the
// write lock past the busy timeout), every write answers 503 with Retry-After: the contract's
// JSON under /api, a page where a form posts to a page. Never a 500, and reads go on.

let address = 0;
const nextAddress = () => `198.51.100.${++address % 250}-${address}`;

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

async function post(server: TestServer, path: string, body: string, contentType: string): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': contentType, Origin: server.url, 'X-Forwarded-For': nextAddress() },
    body,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const contactMessage = (server: TestServer, n: number) =>
  post(
    server,
    '/api/contact',
    JSON.stringify({
      name: 'Sam Carter',
      email: `sam${n}@example.com`,
      subject: 'Data partnership',
      category: 'business',
      // Long messages take new pages of the database file at once.
      message: `Message ${n}: ${'we would like to discuss sharing grid data. '.repeat(100)}`,
    }),
    'application/json',
  );

const signUpForm = (server: TestServer, email: string) =>
  post(server, '/newsletter', new URLSearchParams({ email, dailyBriefing: 'on' }).toString(), 'application/x-www-form-urlencoded');

/** A 503 as the contract has it: Retry-After in whole seconds, and the JSON error body. */
function expectJson503(answer: Answer) {
  expect(answer.status, answer.text).toBe(503);
  expect(answer.headers.get('Retry-After')).toMatch(/^[1-9]\d*$/);
  expect(answer.headers.get('Content-Type')).toContain('application/json');
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['message']);
  expect(body['message']).toMatch(/try again/i);
}

/** A 503 page for a form post: the form again, what happened, Retry-After. */
function expectPage503(answer: Answer) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('Retry-After')).toMatch(/^[1-9]\d*$/);
  expect(answer.headers.get('Content-Type')).toMatch(/^text\/html/);
  expect(answer.headers.get('Cache-Control')).toBe('no-store');
  expect(answer.text).toContain('role="alert"');
  expect(answer.text).toMatch(/try again/i);
  expect(answer.text).toMatch(/<form method="post" action="\/newsletter"/);
}

describe('a full database', () => {
  // A cap below the seeded database's size: SQLite's own full-disk path (SQLITE_FULL) as
  // soon as a write needs one more page of the file.
  const server = useTestServer({ TRUST_PROXY: 'true', DATABASE_MAX_MB: '1' });

  /**
   * Sends writes until one is refused (what room the file has left fills first: a small row
   * may still fit a page that has some), each taken or refused, never anything else; answers
   * the refusal and how many were taken.
   */
  async function untilRefused(send: (n: number) => Promise<Answer>, takenStatus: number): Promise<{ refused: Answer; taken: number }> {
    for (let n = 0; n < 100; n++) {
      const answer = await send(n);
      if (answer.status === 503) return { refused: answer, taken: n };
      expect(answer.status, answer.text).toBe(takenStatus);
    }
    throw new Error('The database never filled up');
  }

  it('answers writes 503 with Retry-After, as JSON under /api and as a page for the sign-up form; reads go on', async () => {
    const stored = async () => (await server.database.db.select({ id: contactMessages.id }).from(contactMessages)).length;
    const before = await stored();
    const contact = await untilRefused((n) => contactMessage(server, n), 201);
    expectJson503(contact.refused);
    // Nothing refused was kept.
    expect(await stored()).toBe(before + contact.taken);

    const [article] = await server.database.db.select({ id: articles.id }).from(articles).limit(1);
    const comment = (n: number) =>
      post(
        server,
        `/api/articles/${article?.id ?? 0}/comments`,
        JSON.stringify({
          authorName: 'Maria Lopez',
          authorEmail: 'maria@example.com',
          content: `Comment ${n}: ${'Battery fleets changed the evening ramp. '.repeat(100)}`,
        }),
        'application/json',
      );
    expectJson503((await untilRefused(comment, 201)).refused);
    expectPage503((await untilRefused((n) => signUpForm(server, `full-disk-${n}@example.com`), 200)).refused);

    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/articles?limit=1`)).status).toBe(200);
    expect(server.output()).toMatch(/full/i);
  });

  it('answers /readyz 503 naming the full disk while writes are refused, /healthz 200, and ready again once there is room', async () => {
    await untilRefused((n) => contactMessage(server, 1000 + n), 201);
    const ready = await fetch(`${server.url}/readyz`);
    const body = (await ready.json()) as { status: string; checks: Record<string, string> };
    expect(ready.status, JSON.stringify(body)).toBe(503);
    expect(ready.headers.get('Retry-After')).toMatch(/^[1-9]\d*$/);
    expect(body.status).toBe('not ready');
    expect(body.checks['writer']).toMatch(/writes are refused: the disk is full/i);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // Room returns (an operator frees pages: the seeded file is already at the cap, so a bulky table goes): ready
    // again, and writes are taken.
    await server.database.db.delete(gridFuelHourly);
    const again = await fetch(`${server.url}/readyz`);
    expect(again.status, await again.text()).toBe(200);
    expect((await contactMessage(server, 2000)).status).toBe(201);
  });
});

describe('a full database behind two web processes', () => {
  const server = useTestServer({ TRUST_PROXY: 'true', DATABASE_MAX_MB: '1', WEB_CONCURRENCY: '2' });

  /** GET on a connection of its own: the primary hands new connections to the processes in turn. */
  const readyz = () =>
    new Promise<number>((resolve, reject) => {
      http
        .get(`${server.url}/readyz`, { agent: false }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', reject);
    });

  it('answers /readyz 503 in every process once one of them had a write refused for a full disk, and 200 in all once there is room', async () => {
    for (let n = 0; ; n++) {
      expect(n).toBeLessThan(100);
      const answer = await contactMessage(server, n);
      if (answer.status === 503) break;
      expect(answer.status, answer.text).toBe(201);
    }
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push(await readyz());
    expect(statuses).toEqual([503, 503, 503, 503, 503, 503]);
    await server.database.db.delete(gridFuelHourly);
    const again = [];
    for (let i = 0; i < 6; i++) again.push(await readyz());
    expect(again).toEqual([200, 200, 200, 200, 200, 200]);
  });
});

describe('a database whose write lock another process holds', () => {
  // A short busy timeout, so the test waits a fraction of a second rather than ten.
  const server = useTestServer({ TRUST_PROXY: 'true', DATABASE_BUSY_TIMEOUT_MS: '200' });

  it('answers writes 503 with Retry-After while the lock is held past the busy timeout, and takes them again after', async () => {
    const other = await openDatabase({ url: server.databaseUrl });
    // BEGIN IMMEDIATE: the other process holds the file's write lock until it rolls back.
    const held = await other.client.transaction('write');
    try {
      expectJson503(await contactMessage(server, 1));
      expectPage503(await signUpForm(server, 'busy@example.com'));
      // A page that writes on a post (without a form to show again) answers the 503 page.
      const unsubscribe = await post(
        server,
        `/newsletter/unsubscribe?token=${'t'.repeat(43)}`,
        'List-Unsubscribe=One-Click',
        'application/x-www-form-urlencoded',
      );
      expect(unsubscribe.status).toBe(503);
      expect(unsubscribe.headers.get('Retry-After')).toMatch(/^[1-9]\d*$/);
      expect(unsubscribe.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(unsubscribe.headers.get('Cache-Control')).toBe('no-store');
      expect(unsubscribe.text).toMatch(/<p role="alert"[^>]*>The site is busy saving other changes\. Please try again in a few seconds\.<\/p>/);
      expect((await fetch(`${server.url}/api/articles?limit=1`)).status).toBe(200);
    } finally {
      await held.rollback();
      other.close();
    }
    expect((await contactMessage(server, 2)).status).toBe(201);
    expect((await signUpForm(server, 'after-busy@example.com')).status).toBe(200);
  });
});
