import { AsyncLocalStorage } from 'node:async_hooks';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { sql as rawSql, type SQLWrapper } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import type * as schema from './schema/index.ts';

/** Any async drizzle database over the site's schema: the process handle, a transaction's, or a plain libSQL one. */
export type Db = BaseSQLiteDatabase<'async', unknown, typeof schema>;

/** How drizzle wants a statement's result: every row, the first row, row arrays, or nothing. */
export type Method = 'run' | 'all' | 'get' | 'values';

export interface Statement {
  sql: string;
  params: unknown[];
  method: Method;
  /** Rows as objects keyed by column name (raw `db.all(sql)`), not arrays. */
  asObjects?: boolean;
}

/** Rows as arrays of column values (`get`: the first row, or undefined). */
export interface StatementResult {
  rows: unknown;
}

export type Exec = (statement: Statement) => Promise<StatementResult>;

/**
 * Where statements run. Reads need no transaction; writes always run inside one, queued
 * behind other writes of this process (see `WriteScheduler`).
 */
export interface Backend {
  read: Exec;
  transaction<T>(fn: (exec: Exec) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A statement that only reads (routed to a reader connection). Anything else is a write. */
export function isReadStatement(sql: string): boolean {
  return /^\s*(?:select|with|explain|values)\b/i.test(sql) || /^\s*pragma\s+\w+\s*;?\s*$/i.test(sql);
}

/** SQLite refused a write on a read-only connection: a read-looking statement (`WITH … INSERT`) that writes. */
export function isReadOnlyRefusal(error: unknown): boolean {
  return error instanceof Error && /readonly|read-only|query_only/i.test(`${(error as { code?: string }).code ?? ''} ${error.message}`);
}

export interface ExecutorDatabase {
  /** The handle every query uses: reads go to a reader, a lone write commits on its own through the write queue. */
  db: Db;
  /**
   * Runs `fn` in one write transaction (all or nothing) and resolves once it is durable.
   * Inside `fn`, write through `tx` only: a write through `db` would wait behind this very
   * transaction, so it is refused with an error instead.
   */
  writeTransaction: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
}

class NestedWriteError extends Error {
  constructor() {
    super('A write through the shared db handle inside writeTransaction would wait for itself: write through the transaction (tx) instead.');
  }
}

/**
 * Builds drizzle handles over a backend. Queries are built by drizzle on the calling thread;
 * only SQL text and parameters travel to the backend, which for an embedded file executes
 * them on worker threads, so no statement (and no commit's fsync) holds the event loop.
 */
export function createExecutorDatabase(openBackend: () => Backend, schemaModule: typeof schema): ExecutorDatabase {
  /** The open write transaction's statement runner, inside `writeTransaction`. */
  const insideTransaction = new AsyncLocalStorage<Exec>();
  let backend: Backend | undefined;
  const getBackend = () => (backend ??= openBackend());

  const runAlone = async (statement: Statement): Promise<StatementResult> => {
    const backend = getBackend();
    if (isReadStatement(statement.sql)) {
      try {
        return await backend.read(statement);
      } catch (error) {
        if (!isReadOnlyRefusal(error)) throw error;
      }
    }
    if (insideTransaction.getStore()) throw new NestedWriteError();
    return backend.transaction((exec) => exec(statement));
  };

  const proxy = (exec: Exec) => {
    const instance = drizzle(
      async (sql, params, method) => (await exec({ sql, params, method })) as { rows: unknown[] },
      async (batch) => {
        const results: StatementResult[] = [];
        for (const statement of batch) results.push(await exec(statement));
        return results as { rows: unknown[] }[];
      },
      { schema: schemaModule },
    );
    // Raw SQL (`db.all(sql\`…\`)`) answers rows keyed by column, as drizzle's libSQL driver does.
    const dialect = (instance as unknown as { dialect: { sqlToQuery: (s: unknown) => { sql: string; params: unknown[] } } }).dialect;
    const raw = async (query: SQLWrapper | string, method: 'all' | 'get') => {
      const built = dialect.sqlToQuery(typeof query === 'string' ? rawSql.raw(query) : query.getSQL());
      return (await exec({ sql: built.sql, params: built.params, method, asObjects: true })).rows;
    };
    Object.assign(instance, { all: (query: SQLWrapper | string) => raw(query, 'all'), get: (query: SQLWrapper | string) => raw(query, 'get') });
    return instance;
  };

  const db = proxy(runAlone);
  // One drizzle handle serves every transaction (building one per transaction costs more
  // than a short transaction's statements): it sends to the transaction it is used in.
  const tx = proxy((statement) => {
    const exec = insideTransaction.getStore();
    if (!exec) return Promise.reject(new Error('A transaction handle (tx) was used after its writeTransaction ended.'));
    return exec(statement);
  }) as unknown as Db;
  const writeTransaction = <T>(fn: (tx: Db) => Promise<T>): Promise<T> => {
    if (insideTransaction.getStore()) return Promise.reject(new NestedWriteError());
    return getBackend().transaction((exec) => insideTransaction.run(exec, () => fn(tx)));
  };
  // drizzle's own transaction() would send BEGIN to whichever connection takes it.
  (db as { transaction: unknown }).transaction = () => {
    throw new Error('Use writeTransaction() for a transaction.');
  };
  // A batch is all or nothing: one write transaction.
  (db as { batch: unknown }).batch = (queries: unknown) =>
    writeTransaction((tx) => (tx as unknown as { batch: (queries: unknown) => Promise<unknown> }).batch(queries));

  return {
    db,
    writeTransaction,
    close: async () => {
      const open = backend;
      backend = undefined;
      await open?.close();
    },
  };
}

/**
 * A statement built once per database handle and run with parameters (`sql.placeholder`):
 * the few statements on the hottest write paths skip drizzle's query building, which costs
 * more than the statement itself. Every `tx` is the same handle, so each statement is built
 * at most twice per process.
 */
export function preparedFor<T>(build: (executor: Db) => T): (executor: Db) => T {
  const built = new WeakMap<Db, T>();
  return (executor) => {
    let statement = built.get(executor);
    if (statement === undefined) {
      statement = build(executor);
      built.set(executor, statement);
    }
    return statement;
  };
}
