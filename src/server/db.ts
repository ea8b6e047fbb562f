import { openDatabase, type Database, type Db } from '../../db/client.ts';
import { loadConfig } from './config.ts';

let opening: Promise<Database> | undefined;

/** The process-wide database handle, opened on first use with the configured URL. */
export async function getDb(): Promise<Db> {
  opening ??= (() => {
    const config = loadConfig();
    return openDatabase({ url: config.databaseUrl, authToken: config.databaseAuthToken });
  })();
  return (await opening).db;
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

let writeQueue: Promise<unknown> = Promise.resolve();

/**
 * Runs `fn` in a write transaction (BEGIN IMMEDIATE), one at a time per process.
 *
 * An embedded libSQL file blocks the thread while a connection waits for the write lock,
 * so two write transactions of one process on two connections would wait on each other
 * until the busy timeout. Queueing them here avoids that; between processes the busy
 * timeout does the waiting.
 */
export async function writeTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  // libSQL's default transaction mode, "write", begins with BEGIN IMMEDIATE.
  const run = writeQueue.then(() => db.transaction(fn));
  writeQueue = run.catch(() => undefined);
  return run;
}
