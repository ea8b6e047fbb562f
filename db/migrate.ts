import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { LibSqlDb } from './client.ts';

/** The committed drizzle-kit migrations. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Creates the folder of an embedded database file, so a fresh checkout can start. */
export function ensureDatabaseFolder(url: string): void {
  if (!url.startsWith('file:')) return;
  const path = url.slice('file:'.length).replace(/^\/\/(?=\/)/, '');
  if (path === ':memory:' || path === '') return;
  mkdirSync(dirname(resolve(path)), { recursive: true });
}

/** Applies every pending migration; safe to run at each start and from several processes. */
export async function migrateDatabase(db: LibSqlDb): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}
