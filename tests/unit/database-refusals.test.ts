import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, LibsqlError, type Client } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SqliteError } from '@db/backends/worker-threads';
import { errorResponse } from '@/server/http';

// The one place errors become answers maps the database's "cannot write now" to 503 with
// Retry-After, whichever backend reports it: the worker threads' native connection (covered
// end to end in tests/api/database-refusals.test.ts), the libSQL client on a file (real errors
// here), or the libSQL client over the network (which reports SQLite's code without its number).

async function answer(error: unknown): Promise<{ status: number; retryAfter: string | null; body: unknown }> {
  const response = errorResponse(error);
  return { status: response.status, retryAfter: response.headers.get('Retry-After'), body: await response.json() };
}

describe('database refusals as answers', () => {
  let dir: string;
  let url: string;
  const clients: Client[] = [];
  const open = () => {
    const client = createClient({ url, timeout: 50 });
    clients.push(client);
    return client;
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'energy-refusals-'));
    url = `file:${join(dir, 'probe.db')}`;
    const setup = open();
    await setup.execute('PRAGMA journal_mode = WAL');
    await setup.execute('CREATE TABLE t (x BLOB)');
  });

  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('SQLITE_BUSY from the libSQL client (another connection holds the write lock) is a 503 with Retry-After', async () => {
    const held = await open().transaction('write');
    const error: unknown = await open()
      .execute('INSERT INTO t VALUES (1)')
      .catch((e: unknown) => e);
    await held.rollback();
    expect(error).toBeInstanceOf(LibsqlError);
    expect((error as LibsqlError).code).toMatch(/^SQLITE_BUSY/);
    const { status, retryAfter, body } = await answer(error);
    expect(status).toBe(503);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(body).toEqual({ message: expect.stringMatching(/try again/i) as unknown });
  });

  it('SQLITE_FULL from the libSQL client (the file may grow no more) is a 503 with Retry-After, and is logged', async () => {
    const client = open();
    const pages = Number((await client.execute('PRAGMA page_count')).rows[0]?.[0]);
    await client.execute(`PRAGMA max_page_count = ${pages + 2}`);
    let error: unknown;
    for (let i = 0; i < 10 && !error; i++)
      error = await client.execute({ sql: 'INSERT INTO t VALUES (?)', args: [new Uint8Array(8192)] }).then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(LibsqlError);
    expect((error as LibsqlError).code).toBe('SQLITE_FULL');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { status, retryAfter } = await answer(error);
      expect(status).toBe(503);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it('the same codes over the network (no extended code) and from the worker threads are 503 too', async () => {
    for (const error of [
      new LibsqlError('SQLITE_BUSY: database is locked', 'SQLITE_BUSY'),
      new LibsqlError('SQLITE_FULL: database or disk is full', 'SQLITE_FULL'),
      new SqliteError('database is locked', 'SQLITE_BUSY', 5),
      new SqliteError('database or disk is full', 'SQLITE_FULL', 13),
      // A refusal a service wrapped: the cause decides.
      new Error('The write failed', { cause: new SqliteError('database is locked', 'SQLITE_BUSY_SNAPSHOT', 517) }),
    ]) {
      expect((await answer(error)).status, String(error)).toBe(503);
    }
  });

  it('other database errors stay a 500 that names nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { status, body } = await answer(new SqliteError('UNIQUE constraint failed: t.x', 'SQLITE_CONSTRAINT_UNIQUE', 2067));
      expect(status).toBe(500);
      expect(JSON.stringify(body)).not.toMatch(/UNIQUE|constraint/);
    } finally {
      logged.mockRestore();
    }
  });
});
