import { createDatabase, type Db } from '@db/client';
import { loadConfig } from '@/server/config';

export type { Db } from '@db/client';
export { preparedFor } from '@db/executor';

/** A database handle a query runs on: `db`, or the `tx` of a write transaction. */
export type Executor = Db;

/**
 * The server runs two copies of this module: the one the HTTP front and the jobs load from
 * the sources, and the one bundled into the built Astro app. Each copy opening its own
 * database would give one process two writers (two cluster write-lock clients whose requests
 * answer each other's grants, and writers contending through SQLite's sleeping busy wait),
 * so the handle is kept once per process, whichever copy opens it first.
 */
const PROCESS_DATABASE = Symbol.for('energy-market-site.database');
const processGlobal = globalThis as typeof globalThis & { [PROCESS_DATABASE]?: ReturnType<typeof createDatabase> };
const database = (processGlobal[PROCESS_DATABASE] ??= createDatabase(() => {
  const config = loadConfig();
  return {
    url: config.databaseUrl,
    authToken: config.databaseAuthToken,
    busyTimeoutMs: config.databaseBusyTimeoutMs,
    maxBytes: config.databaseMaxBytes,
  };
}));

/**
 * The process-wide database handle, opened on first use with the configured URL. Reads run
 * on reader connections and never hold the event loop; a single write commits on its own
 * through the write queue. Queries use it by default and take a `tx` when a service runs
 * them inside `writeTransaction`.
 */
export const db: Db = database.db;

/**
 * Runs `fn` in one write transaction, all or nothing, group-committed with the writes that
 * queue beside it; resolves once it is durable. Write through `tx` inside it.
 */
export const writeTransaction: <T>(fn: (tx: Db) => Promise<T>) => Promise<T> = database.writeTransaction;

/** Closes every connection (server shutdown, the end of a script). */
export const closeDatabase: () => Promise<void> = database.close;

/**
 * Where a service reads and writes when a script may call it too: the process's shared handle
 * (`sharedDatabase`), or a script's own connection (the start-up's migrate and seed step).
 */
export interface DatabaseAccess {
  read: Executor;
  write: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;
}

/** The process's shared handle and write queue. */
export const sharedDatabase: DatabaseAccess = { read: db, write: writeTransaction };
