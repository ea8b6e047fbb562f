import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Backend, Statement, StatementResult } from '../executor.ts';
import { WriteScheduler } from '../group-commit.ts';

/**
 * The body of a database thread, run from its source text (so bundlers need not emit a
 * worker file) with the thread's `require` passed in (a bundler rewrites a bare `require`).
 * It opens one native libSQL connection and executes statements one at a time, in the
 * order they arrive, answering each with its rows as arrays.
 */
/* eslint-disable */
function sqliteThreadMain(load: (id: string) => any): void {
  const { parentPort, workerData } = load('node:worker_threads');
  const Database = load(workerData.libsqlPath);
  const connection = new Database(workerData.path, { timeout: workerData.busyTimeoutMs });
  connection.exec('PRAGMA foreign_keys = ON');
  connection.exec('PRAGMA synchronous = FULL');
  if (workerData.readOnly) connection.exec('PRAGMA query_only = ON');
  if (!workerData.readOnly && workerData.maxBytes) {
    const pageSize = connection.prepare('PRAGMA page_size').get().page_size;
    connection.exec(`PRAGMA max_page_count = ${Math.max(1, Math.floor(workerData.maxBytes / pageSize))}`);
  }
  parentPort.postMessage({ id: 0, ready: true });
  const statements = new Map();
  const prepare = (sql: string) => {
    let stmt = statements.get(sql);
    if (stmt) {
      statements.delete(sql);
    } else {
      stmt = connection.prepare(sql);
      if (statements.size >= 256) statements.delete(statements.keys().next().value);
    }
    statements.set(sql, stmt);
    return stmt;
  };
  const toSql = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v instanceof Date ? v.getTime() : v);
  const run = (message: { id: number; sql: string; params: unknown[]; method: string; asObjects?: boolean }) => {
    try {
      const stmt = prepare(message.sql);
      const args = message.params.map(toSql);
      if (message.method === 'run' || !stmt.reader) {
        const info = stmt.run(args);
        return { id: message.id, rows: [], rowsAffected: info.changes, lastInsertRowid: Number(info.lastInsertRowid) };
      }
      stmt.raw(!message.asObjects);
      return { id: message.id, rows: message.method === 'get' ? stmt.get(args) : stmt.all(args) };
    } catch (error: any) {
      return { id: message.id, error: { message: String(error?.message ?? error), code: error?.code, rawCode: error?.rawCode } };
    }
  };
  // Statements sent together arrive as one array and are answered with one array, in order.
  parentPort.on('message', (message: any) => {
    parentPort.postMessage(Array.isArray(message) ? message.map(run) : run(message));
  });
}
/* eslint-enable */

const THREAD_SOURCE = `(${sqliteThreadMain.toString()})(require)`;

interface Pending {
  resolve: (result: StatementResult) => void;
  reject: (error: Error) => void;
}

interface ThreadReply {
  /** 0 for the thread's one "connection open" message (`ready`). */
  id: number;
  ready?: boolean;
  rows?: unknown;
  rowsAffected?: number;
  lastInsertRowid?: number;
  error?: { message: string; code?: string; rawCode?: number };
}

/** An error from the database thread, with SQLite's code kept (`SQLITE_CONSTRAINT_UNIQUE`, …). */
export class SqliteError extends Error {
  readonly code: string | undefined;
  readonly rawCode: number | undefined;
  constructor(message: string, code?: string, rawCode?: number) {
    super(message);
    this.name = 'SqliteError';
    this.code = code;
    this.rawCode = rawCode;
  }
}

/** One connection on a thread of its own. */
class SqliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #lastUsed = Date.now();
  #failure: Error | undefined;
  #ready = false;
  #unsent: (Statement & { id: number })[] = [];
  readonly #schedule: (flush: () => void) => void;

  constructor(
    options: { path: string; readOnly: boolean; busyTimeoutMs: number; maxBytes: number | undefined; libsqlPath: string },
    onExit: (thread: SqliteThread) => void,
  ) {
    // A reader sends what this stretch of code asked for at once. The writer waits for the
    // end of the event loop's turn: a transaction's savepoint, its statements (drizzle sends
    // them a few promise hops apart) and the next one's then travel as one message.
    this.#schedule = options.readOnly ? queueMicrotask : setImmediate;
    this.#worker = new Worker(THREAD_SOURCE, { eval: true, workerData: options });
    this.#worker.unref();
    const settle = (reply: ThreadReply) => {
      if (reply.ready) {
        this.#ready = true;
        return;
      }
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (reply.error) pending.reject(new SqliteError(reply.error.message, reply.error.code, reply.error.rawCode));
      else pending.resolve(reply as StatementResult);
    };
    this.#worker.on('message', (reply: ThreadReply | ThreadReply[]) => {
      if (Array.isArray(reply)) for (const one of reply) settle(one);
      else settle(reply);
      this.#lastUsed = Date.now();
      if (this.#pending.size === 0) this.#worker.unref();
    });
    const fail = (error: Error) => {
      this.#failure = error;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
      onExit(this);
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`The database thread stopped (exit code ${code}).`)));
  }

  /** Whether the thread has started and opened its connection (a statement sent before waits for that). */
  get ready(): boolean {
    return this.#ready;
  }

  /** Statements waiting on this thread, the running one included. */
  get load(): number {
    return this.#pending.size;
  }

  get idleMs(): number {
    return this.#pending.size === 0 ? Date.now() - this.#lastUsed : 0;
  }

  /**
   * Sends a statement. Statements sent in one stretch of the event loop (a transaction's
   * savepoint and its statements, a burst of reads) travel as one message and come back as
   * one: each message costs a copy and a wake-up of the thread.
   */
  exec(statement: Statement): Promise<StatementResult> {
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      const id = this.#nextId++;
      this.#pending.set(id, { resolve, reject });
      if (this.#pending.size === 1) this.#worker.ref();
      this.#unsent.push({ id, ...statement });
      if (this.#unsent.length === 1) this.#schedule(this.#flush);
    });
  }

  readonly #flush = () => {
    const batch = this.#unsent;
    this.#unsent = [];
    if (this.#failure) return;
    this.#worker.postMessage(batch.length === 1 ? batch[0] : batch);
  };

  async close(): Promise<void> {
    await this.#worker.terminate();
  }
}

export interface ThreadPoolOptions {
  /** Path of the database file. */
  path: string;
  busyTimeoutMs: number;
  /** The writer's cap on the file's size (SQLite's `max_page_count`; SQLITE_FULL past it), if any. */
  maxBytes?: number | undefined;
  /** Reader threads kept open. */
  minReaders?: number;
  /** More readers are opened while every reader is busy, up to this many. */
  maxReaders?: number;
  /** Taken before each write transaction and released after it (the cluster's write lock), when given. */
  writeLock?: (() => Promise<() => void>) | undefined;
}

/** A file path from a `file:` URL (`file:./data/x.db`, `file:///abs/x.db`). */
export function filePathOf(url: string): string {
  return decodeURIComponent(
    url
      .slice('file:'.length)
      .replace(/^\/\/(?=\/)/, '')
      .replace(/\?.*$/, ''),
  );
}

/**
 * An embedded libSQL file served by threads: a small pool of read-only reader connections
 * and one writer connection behind the group-commit queue. WAL lets readers run beside the
 * writer; each sees every transaction committed before its statement began.
 */
export function threadPoolBackend(options: ThreadPoolOptions): Backend {
  const minReaders = options.minReaders ?? 2;
  const maxReaders = Math.max(minReaders, options.maxReaders ?? 4);
  const libsqlPath = createRequire(import.meta.url).resolve('libsql');
  const base = { path: options.path, busyTimeoutMs: options.busyTimeoutMs, maxBytes: options.maxBytes, libsqlPath };
  let readers: SqliteThread[] = [];
  let writer: SqliteThread | undefined;
  let closed = false;

  const openReader = () => {
    const thread = new SqliteThread({ ...base, readOnly: true }, (gone) => (readers = readers.filter((r) => r !== gone)));
    readers.push(thread);
    return thread;
  };
  const getWriter = () =>
    (writer ??= new SqliteThread({ ...base, readOnly: false }, (gone) => {
      if (writer === gone) writer = undefined;
    }));

  // The readers kept open start with the backend, so no request waits for a thread to start.
  for (let i = 0; i < minReaders; i++) openReader();

  // Extra readers opened under load close again after a quiet half minute.
  const trim = setInterval(() => {
    for (const reader of readers.slice(minReaders)) {
      if (reader.idleMs > 30_000) {
        readers = readers.filter((r) => r !== reader);
        void reader.close();
      }
    }
  }, 10_000);
  trim.unref();

  /**
   * An idle reader, else the least loaded one; while every reader is busy another is
   * started (up to the cap) for the statements that come after this one: a thread takes
   * tens of milliseconds to start, longer than waiting behind a short read.
   */
  const pickReader = (): SqliteThread => {
    const started = readers.filter((r) => r.ready);
    const idle = started.find((r) => r.load === 0);
    if (idle) return idle;
    if (readers.length < maxReaders && readers.every((r) => r.ready)) openReader();
    const candidates = started.length > 0 ? started : readers.length > 0 ? readers : [openReader()];
    return candidates.reduce((a, b) => (b.load < a.load ? b : a));
  };

  const scheduler = new WriteScheduler(async () => {
    const release = options.writeLock ? await options.writeLock() : () => undefined;
    const thread = getWriter();
    const exec = (statement: Statement) => thread.exec(statement);
    const end = async (sql: string) => {
      try {
        await exec({ sql, params: [], method: 'run' });
      } finally {
        release();
      }
    };
    try {
      await exec({ sql: 'BEGIN IMMEDIATE', params: [], method: 'run' });
    } catch (error) {
      release();
      throw error;
    }
    return { exec, commit: () => end('COMMIT'), rollback: () => end('ROLLBACK') };
  });

  return {
    read: (statement) => {
      if (closed) return Promise.reject(new Error('The database is closed.'));
      return pickReader().exec(statement);
    },
    transaction: (fn) => {
      if (closed) return Promise.reject(new Error('The database is closed.'));
      return scheduler.run(fn);
    },
    close: async () => {
      closed = true;
      clearInterval(trim);
      const threads = [...readers, ...(writer ? [writer] : [])];
      readers = [];
      writer = undefined;
      await Promise.all(threads.map((t) => t.close()));
    },
  };
}
