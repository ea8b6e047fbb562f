import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as schema from './schema/index.ts';

/** How long a connection waits for another process's write lock before failing. */
export const BUSY_TIMEOUT_MS = 10_000;

export interface DbConfig {
  /** `file:./data/energy.db`, `libsql://…` (Turso) or `http(s)://…` (sqld). */
  url: string;
  authToken?: string | undefined;
}

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

export interface Database {
  db: Db;
  client: Client;
  close: () => void;
}

/** Whether the URL names an embedded database file (as opposed to a libSQL server). */
export function isFileUrl(url: string): boolean {
  return url.startsWith('file:');
}

/**
 * Opens the database and puts every connection into the state the site relies on.
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
    timeout: BUSY_TIMEOUT_MS,
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
