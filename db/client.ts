import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { libsqlClientBackend } from './backends/libsql-client.ts';
import { clusterWriteLock } from './cluster-write-lock.ts';
import { filePathOf, threadPoolBackend } from './backends/worker-threads.ts';
import { createExecutorDatabase, type ExecutorDatabase } from './executor.ts';
import * as schema from './schema/index.ts';

export type { Db } from './executor.ts';

/** How long a connection waits for another process's write lock before failing, unless the config says otherwise. */
export const BUSY_TIMEOUT_MS = 10_000;

export interface DbConfig {
  /** `file:./data/energy.db`, `libsql://…` (Turso) or `http(s)://…` (sqld). */
  url: string;
  authToken?: string | undefined;
  /** How long a connection waits for another process's write lock (`BUSY_TIMEOUT_MS` by default). */
  busyTimeoutMs?: number | undefined;
  /**
   * The serving writer's cap on an embedded file's size (SQLite's `max_page_count`): a write
   * that would grow the file past it fails with SQLITE_FULL, as on a full disk. Start-up
   * work (`openDatabase`) is not held to it.
   */
  maxBytes?: number | undefined;
}

/** A drizzle database straight on `@libsql/client` (migrations, seed, scripts, tests). */
export type LibSqlDb = LibSQLDatabase<typeof schema> & { $client: Client };

export interface Database {
  db: LibSqlDb;
  client: Client;
  close: () => void;
}

/** Whether the URL names an embedded database file (as opposed to a libSQL server). */
export function isFileUrl(url: string): boolean {
  return url.startsWith('file:');
}

/**
 * Opens the database directly on `@libsql/client`, for start-up work (migrations, seed)
 * and tools. On an embedded file its calls block the thread: a server uses `createDatabase`.
 *
 * The libSQL client keeps a pool: each transaction borrows a connection of its own and
 * new ones are opened as needed, so connection settings cannot be set once with PRAGMA
 * on "the" connection. Instead: the busy timeout is the client's `timeout` option, which
 * libSQL applies to every connection it opens; WAL is a property of the file (set once,
 * persistent); `foreign_keys=ON` and `synchronous=FULL` are libSQL's per-connection
 * defaults, asserted here and by `tests/unit/db-client.test.ts` inside transactions.
 */
export async function openDatabase(config: DbConfig): Promise<Database> {
  const client = createClient({
    url: config.url,
    ...(config.authToken ? { authToken: config.authToken } : {}),
    timeout: config.busyTimeoutMs ?? BUSY_TIMEOUT_MS,
  });
  if (isFileUrl(config.url)) {
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA foreign_keys = ON');
    await client.execute('PRAGMA synchronous = FULL');
    const fk = await client.execute('PRAGMA foreign_keys');
    if (Number(Object.values(fk.rows[0] ?? {})[0]) !== 1) {
      client.close();
      throw new Error('The database connection does not enforce foreign keys.');
    }
  }
  const db = drizzle<typeof schema>(client, { schema });
  return { db, client, close: () => client.close() };
}

/**
 * The serving database: an embedded file runs on worker threads (readers beside one
 * group-committing writer), a libSQL server through its client. Nothing is opened until
 * the first statement; `config` is read then.
 */
export function createDatabase(config: () => DbConfig): ExecutorDatabase {
  return createExecutorDatabase(() => {
    const { url, authToken, busyTimeoutMs = BUSY_TIMEOUT_MS, maxBytes } = config();
    if (isFileUrl(url)) return threadPoolBackend({ path: filePathOf(url), busyTimeoutMs, maxBytes, writeLock: clusterWriteLock() });
    return libsqlClientBackend(createClient({ url, ...(authToken ? { authToken } : {}), timeout: busyTimeoutMs }));
  }, schema);
}
