import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@db/client';
import { preparedFor, type Exec, type Statement } from '@db/executor';
import { WriteScheduler, type WriterTransaction } from '@db/group-commit';
import { categories, siteState } from '@db/schema';
import { useDatabaseFile } from '../helpers/database.ts';

describe('WriteScheduler (group commit)', () => {
  /** A writer that records what it was asked to do. */
  function recordingWriter(options: { failCommit?: boolean } = {}) {
    const log: string[] = [];
    let gate: Promise<void> = Promise.resolve();
    const begin = async (): Promise<WriterTransaction> => {
      await gate;
      log.push('BEGIN');
      const exec: Exec = (statement: Statement) => {
        log.push(statement.sql);
        return Promise.resolve({ rows: [] });
      };
      return {
        exec,
        commit: () => {
          log.push('COMMIT');
          return options.failCommit ? Promise.reject(new Error('disk full')) : Promise.resolve();
        },
        rollback: () => {
          log.push('ROLLBACK');
          return Promise.resolve();
        },
      };
    };
    const hold = (until: Promise<void>) => {
      gate = until;
    };
    return { log, begin, hold };
  }

  it('lets transactions that queue up together share one commit, each in its own savepoint', async () => {
    const writer = recordingWriter();
    let open!: () => void;
    writer.hold(new Promise((resolve) => (open = resolve)));
    const scheduler = new WriteScheduler(writer.begin);
    const results = Array.from({ length: 10 }, (_, i) =>
      scheduler.run(async (exec) => (await exec({ sql: `INSERT ${i}`, params: [], method: 'run' }), i)),
    );
    open();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(writer.log.filter((l) => l === 'COMMIT')).toHaveLength(1);
    expect(writer.log.filter((l) => l.startsWith('SAVEPOINT'))).toHaveLength(10);
  });

  it('rolls a failing transaction back alone: it rejects, the others commit', async () => {
    const writer = recordingWriter();
    const scheduler = new WriteScheduler(writer.begin);
    const ok = scheduler.run(async (exec) => exec({ sql: 'INSERT a', params: [], method: 'run' }));
    const bad = scheduler.run(async (exec) => {
      await exec({ sql: 'INSERT b', params: [], method: 'run' });
      throw new Error('rule broken');
    });
    const ok2 = scheduler.run(async (exec) => exec({ sql: 'INSERT c', params: [], method: 'run' }));
    await expect(bad).rejects.toThrow('rule broken');
    await expect(ok).resolves.toBeDefined();
    await expect(ok2).resolves.toBeDefined();
    const b = writer.log.indexOf('INSERT b');
    expect(writer.log[b + 1]).toBe('ROLLBACK TO queued_write');
    expect(writer.log.at(-1)).toBe('COMMIT');
  });

  it('reports no transaction as written when the commit fails', async () => {
    const writer = recordingWriter({ failCommit: true });
    const scheduler = new WriteScheduler(writer.begin);
    const all = [1, 2, 3].map((i) => scheduler.run(async (exec) => exec({ sql: `INSERT ${i}`, params: [], method: 'run' })));
    for (const one of all) await expect(one).rejects.toThrow('disk full');
    expect(writer.log).toContain('ROLLBACK');
  });
});

describe('the serving database on an embedded file', () => {
  const url = useDatabaseFile('executor');
  const database = createDatabase(() => ({ url }));
  const { db, writeTransaction } = database;
  afterAll(() => database.close());

  it('reads and writes through drizzle, raw SQL rows keyed by column', async () => {
    await db.insert(categories).values({ name: 'Hydrogen', slug: 'hydrogen' });
    const [row] = await db.select().from(categories);
    expect(row).toMatchObject({ name: 'Hydrogen', slug: 'hydrogen' });
    expect(await db.all(sql`select name, slug from categories`)).toEqual([{ name: 'Hydrogen', slug: 'hydrogen' }]);
  });

  it('keeps foreign keys, full sync and the busy timeout on its connections', async () => {
    const pragma = async (name: string) => Object.values((await db.all<Record<string, unknown>>(sql.raw(`PRAGMA ${name}`)))[0] ?? {})[0];
    expect(Number(await pragma('foreign_keys'))).toBe(1);
    expect(Number(await pragma('synchronous'))).toBe(2);
    expect(Number(await pragma('busy_timeout'))).toBe(10_000);
    expect(await pragma('journal_mode')).toBe('wal');
  });

  it('stores every one of many concurrent transactions exactly once, and none of a failed one', async () => {
    const writes = Array.from({ length: 100 }, (_, i) =>
      writeTransaction(async (tx) => {
        await tx.insert(siteState).values({ key: `k${i}`, value: String(i) });
        if (i === 50) throw new Error('refused');
        await tx.insert(siteState).values({ key: `k${i}-second`, value: String(i) });
      }),
    );
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(1);
    const rows = await db.select().from(siteState);
    const keys = new Set(rows.map((r) => r.key));
    expect(keys.size).toBe(rows.length);
    expect(keys.has('k50')).toBe(false);
    expect(keys.has('k49') && keys.has('k49-second') && keys.has('k99-second')).toBe(true);
    expect(rows.filter((r) => r.key.startsWith('k'))).toHaveLength(198);
  });

  it('answers each of the statements sent together on its own: one refused in the middle fails alone', async () => {
    const [first, duplicate, third] = await writeTransaction((tx) =>
      Promise.allSettled([
        tx.insert(siteState).values({ key: 'together-1', value: '1' }),
        tx.insert(siteState).values({ key: 'together-1', value: 'again' }),
        tx.select({ value: siteState.value }).from(siteState).where(eq(siteState.key, 'together-1')),
      ]),
    );
    expect(first.status).toBe('fulfilled');
    expect(duplicate.status).toBe('rejected');
    expect(String(((duplicate as PromiseRejectedResult).reason as Error).cause)).toMatch(/UNIQUE/);
    expect(third).toEqual({ status: 'fulfilled', value: [{ value: '1' }] });
    // Prepared statements run on the transaction they are used in, built once for the handle.
    const byKey = preparedFor((executor) =>
      executor
        .select({ value: siteState.value })
        .from(siteState)
        .where(eq(siteState.key, sql.placeholder('key')))
        .prepare(),
    );
    expect(await byKey(db).all({ key: 'together-1' })).toEqual([{ value: '1' }]);
    expect(byKey(db)).toBe(byKey(db));
    await writeTransaction(async (tx) => {
      await tx.insert(siteState).values({ key: 'together-2', value: '2' });
      expect(await byKey(tx).all({ key: 'together-2' })).toEqual([{ value: '2' }]);
    });
  });

  it('refuses a write through the shared handle inside a transaction instead of waiting for itself', async () => {
    const nested = await writeTransaction(async () => db.insert(siteState).values({ key: 'nested', value: '1' })).catch((error: unknown) => error);
    // drizzle wraps what the driver throws; the reason is the cause.
    expect(String((nested as Error).cause)).toMatch(/write through the transaction/);
    expect(() => db.transaction(() => Promise.resolve())).toThrow(/writeTransaction/);
  });

  it('sends each statement of a transaction to that transaction, even while others run, and refuses a handle kept past its end', async () => {
    let kept: Parameters<Parameters<typeof writeTransaction>[0]>[0] | undefined;
    const [a, b] = await Promise.all([
      writeTransaction(async (tx) => {
        kept = tx;
        await tx.insert(siteState).values({ key: 'tx-a', value: 'a' });
        return tx
          .select()
          .from(siteState)
          .where(sql`key like 'tx-%'`);
      }),
      writeTransaction(async (tx) => {
        await tx.insert(siteState).values({ key: 'tx-b', value: 'b' });
        throw new Error('b refused');
      }).catch((error: unknown) => error),
    ]);
    expect(a.map((r) => r.key)).toEqual(['tx-a']);
    expect((b as Error).message).toBe('b refused');
    expect(
      (
        await db
          .select()
          .from(siteState)
          .where(sql`key like 'tx-%'`)
      ).map((r) => r.key),
    ).toEqual(['tx-a']);
    const late = await kept
      ?.insert(siteState)
      .values({ key: 'tx-late', value: 'late' })
      .catch((error: unknown) => error);
    expect(String((late as Error).cause ?? late)).toMatch(/after its writeTransaction ended/);
  });

  it('answers a quick read while a slow one runs: neither the event loop nor the other readers wait', async () => {
    let slowDone = false;
    const slow = db
      .all(sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000000) select count(*) as c from n`)
      .then(() => (slowDone = true));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const quick = await db.select().from(categories);
    expect(quick.length).toBeGreaterThan(0);
    expect(slowDone).toBe(false);
    await slow;
    clearInterval(timer);
    // Timers kept firing while the slow statement ran on its thread.
    expect(ticks).toBeGreaterThan(5);
  });
});
