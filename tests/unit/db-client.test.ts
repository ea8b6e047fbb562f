import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUSY_TIMEOUT_MS, openDatabase, type Database } from '@db/client';

async function pragma(executor: { execute: (sql: string) => Promise<{ rows: unknown[] }> }, name: string): Promise<unknown> {
  const result = await executor.execute(`PRAGMA ${name}`);
  return Object.values(result.rows[0] as Record<string, unknown>)[0];
}

describe('openDatabase on an embedded file', () => {
  let dir: string;
  let database: Database;
  let url: string;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'energy-db-'));
    url = `file:${join(dir, 'probe.db')}`;
    database = await openDatabase({ url });
  });

  afterEach(() => {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uses WAL, foreign keys, full sync and the busy timeout', async () => {
    expect(await pragma(database.client, 'journal_mode')).toBe('wal');
    expect(Number(await pragma(database.client, 'foreign_keys'))).toBe(1);
    expect(Number(await pragma(database.client, 'synchronous'))).toBe(2);
    expect(Number(await pragma(database.client, 'busy_timeout'))).toBe(BUSY_TIMEOUT_MS);
  });

  it('keeps those settings inside transactions, which run on connections of their own', async () => {
    const first = await database.client.transaction('write');
    const second = await database.client.transaction('read');
    for (const tx of [first, second]) {
      expect(Number(await pragma(tx, 'foreign_keys'))).toBe(1);
      expect(Number(await pragma(tx, 'synchronous'))).toBe(2);
      expect(Number(await pragma(tx, 'busy_timeout'))).toBe(BUSY_TIMEOUT_MS);
      expect(await pragma(tx, 'journal_mode')).toBe('wal');
    }
    await first.commit();
    await second.commit();
  });

  it('enforces foreign keys inside a transaction', async () => {
    await database.client.execute('CREATE TABLE parent (id INTEGER PRIMARY KEY)');
    await database.client.execute('CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent(id))');
    const tx = await database.client.transaction('write');
    await expect(tx.execute('INSERT INTO child (parent_id) VALUES (42)')).rejects.toThrow(/FOREIGN KEY/);
    await tx.rollback();
  });

  it('loses no acknowledged row when two processes write the same file at once', async () => {
    await database.client.execute('CREATE TABLE probe (id INTEGER PRIMARY KEY, writer TEXT NOT NULL, n INTEGER NOT NULL)');
    const perWriter = 400;
    // Each writer says when it is ready; both are told to start together once both are.
    const writers = [
      ['a', 'b'],
      ['b', 'a'],
    ].map(([writer, other]) => {
      const child = spawn(
        process.execPath,
        ['--import', './scripts/aliases.mjs', 'tests/helpers/write-rows.ts', url, writer ?? '', other ?? '', String(perWriter)],
        { stdio: ['pipe', 'pipe', 'inherit'] },
      );
      const lines = createInterface({ input: child.stdout });
      const said = (n: number) =>
        new Promise<string>((resolve, reject) => {
          let heard = 0;
          lines.on('line', (line) => ++heard === n && resolve(line));
          child.once('exit', (code) => reject(new Error(`Writer ${writer} exited with ${code} before its line ${n}`)));
        });
      const ready = said(1);
      const report = said(2).then((line) => JSON.parse(line) as { writer: string; written: number; waitedThrough: number });
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      return { child, ready, report, exited };
    });
    await Promise.all(writers.map((w) => w.ready));
    for (const { child } of writers) child.stdin.end('go\n');
    const reports = await Promise.all(writers.map((w) => w.report));
    expect(await Promise.all(writers.map((w) => w.exited))).toEqual([0, 0]);
    const rows = await database.client.execute(
      'SELECT writer, count(*) AS n, count(DISTINCT n) AS distinct_n FROM probe GROUP BY writer ORDER BY writer',
    );
    // Every row a writer had committed is there, once.
    expect(rows.rows.map((r) => [r['writer'], Number(r['n']), Number(r['distinct_n'])])).toEqual(
      reports.map((r) => [r.writer, r.written, r.written]),
    );
    expect(reports.every((r) => r.written >= perWriter)).toBe(true);
    // And they contended: a writer asked for the lock while the other held it, and waited as the other committed.
    expect(Math.max(...reports.map((r) => r.waitedThrough))).toBeGreaterThan(0);
  }, 60_000);
});
