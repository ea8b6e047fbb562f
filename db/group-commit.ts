import type { Exec, Statement } from './executor.ts';

/** An open write transaction on the one writer connection. */
export interface WriterTransaction {
  exec: Exec;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** Opens a write transaction (`BEGIN IMMEDIATE`: it holds the write lock from the start). */
export type BeginWrite = () => Promise<WriterTransaction>;

interface Job {
  fn: (exec: Exec) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const statement = (sql: string): Statement => ({ sql, params: [], method: 'run' });
const SAVEPOINT = statement('SAVEPOINT queued_write');
const RELEASE = statement('RELEASE queued_write');
const ROLLBACK_TO = statement('ROLLBACK TO queued_write');

/**
 * What the write queue reports to the process's metrics: how many transactions wait now, and
 * each commit's duration. Kept once per process (the server and the built app each load this
 * module; one of them runs the queue).
 */
export interface WriteQueueStats {
  waiting: number;
  onCommit: Set<(seconds: number) => void>;
}
const STATS = Symbol.for('energy-market-site.write-queue-stats');
const processGlobal = globalThis as typeof globalThis & { [STATS]?: WriteQueueStats };
export const writeQueueStats: WriteQueueStats = (processGlobal[STATS] ??= { waiting: 0, onCommit: new Set() });

export interface GroupCommitOptions {
  /** Most transactions that share one commit. */
  maxBatch: number;
  /** A batch takes no new transaction once it has run this long. */
  maxBatchMs: number;
}

/**
 * The write queue: one write transaction at a time per process, group-committed.
 *
 * Transactions that queue up while another runs share its database transaction: each runs
 * inside a savepoint of its own (so one that fails is rolled back alone and rejects alone),
 * then a single COMMIT makes the whole group durable with one fsync, and only then does
 * each transaction resolve. A failed COMMIT rejects every transaction of the group: nothing
 * is reported written that is not on disk. Between processes, BEGIN IMMEDIATE waits for the
 * file's write lock (the busy timeout) on the writer's own thread.
 */
export class WriteScheduler {
  readonly #begin: BeginWrite;
  readonly #options: GroupCommitOptions;
  readonly #queue: Job[] = [];
  #draining = false;

  constructor(begin: BeginWrite, options: GroupCommitOptions = { maxBatch: 64, maxBatchMs: 50 }) {
    this.#begin = begin;
    this.#options = options;
  }

  /** Queues `fn` as one write transaction; resolves with its result once committed. */
  run<T>(fn: (exec: Exec) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      writeQueueStats.waiting = this.#queue.length;
      void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    if (this.#draining) return;
    this.#draining = true;
    try {
      while (this.#queue.length > 0) await this.#runBatch();
    } finally {
      this.#draining = false;
    }
  }

  async #runBatch(): Promise<void> {
    let tx: WriterTransaction;
    try {
      tx = await this.#begin();
    } catch (error) {
      // The lock could not be had (or the connection is gone): the oldest write fails, the rest try again.
      this.#queue.shift()?.reject(error);
      return;
    }
    const done: { job: Job; value: unknown }[] = [];
    let current: Job | undefined;
    const started = Date.now();
    // Statements run in the order they are sent, so a savepoint and its release are sent
    // without waiting for their answers; their outcome is awaited before the commit.
    let bookkeeping: Promise<unknown> = Promise.resolve();
    try {
      while (
        this.#queue.length > 0 &&
        done.length < this.#options.maxBatch &&
        (done.length === 0 || Date.now() - started < this.#options.maxBatchMs)
      ) {
        current = this.#queue.shift();
        writeQueueStats.waiting = this.#queue.length;
        if (!current) break;
        const savepoint = tx.exec(SAVEPOINT);
        bookkeeping = Promise.all([bookkeeping, savepoint]);
        let value: unknown;
        try {
          value = await current.fn(tx.exec);
          await savepoint;
        } catch (error) {
          await bookkeeping.catch(() => undefined);
          await tx.exec(ROLLBACK_TO);
          await tx.exec(RELEASE);
          current.reject(error);
          current = undefined;
          continue;
        }
        bookkeeping = Promise.all([bookkeeping, tx.exec(RELEASE)]);
        done.push({ job: current, value });
        current = undefined;
      }
      await bookkeeping;
      const committing = performance.now();
      await tx.commit();
      const seconds = (performance.now() - committing) / 1000;
      for (const observe of writeQueueStats.onCommit) observe(seconds);
    } catch (error) {
      await tx.rollback().catch(() => undefined);
      current?.reject(error);
      for (const { job } of done) job.reject(error);
      return;
    }
    for (const { job, value } of done) job.resolve(value);
  }
}
