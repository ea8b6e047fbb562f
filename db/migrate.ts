import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { LibSqlDb } from './client.ts';
import { EDITORS_NOTICE_WATERMARK } from './constants.ts';

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
  await startInstallState(db);
  await analyzeNewIndexes(db);
}

/**
 * State that starts when the database is installed, not when a job first runs: the editors'
 * notice watermark starts at the comments and contact messages there are (none on a fresh
 * install), so everything after it is told, even what came before the notice's first run.
 * Set once; a database that has it keeps it.
 */
export async function startInstallState(db: LibSqlDb): Promise<void> {
  await db.run(
    sql`insert or ignore into site_state (key, value) select ${EDITORS_NOTICE_WATERMARK},
        json_object('comments', coalesce((select max(id) from comments), 0), 'messages', coalesce((select max(id) from contact_messages), 0))`,
  );
}

/**
 * Analyzes the indexes a migration added to tables analyzed before (by the hourly `PRAGMA
 * optimize`, which never notices such an index): without statistics for one index, SQLite
 * misjudges its table's others, and chose a sorting plan that made a count 15 times slower
 * at 100,000 articles. Answers the indexes analyzed.
 */
export async function analyzeNewIndexes(db: LibSqlDb): Promise<string[]> {
  const analyzed = await db.all<{ n: number }>(sql`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`);
  if (!analyzed[0]?.n) return [];
  const missing = await db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'index' and name not like 'sqlite_%'
        and tbl_name in (select tbl from sqlite_stat1) and name not in (select idx from sqlite_stat1 where idx is not null)`,
  );
  for (const { name } of missing) await db.run(sql.raw(`ANALYZE "${name.replaceAll('"', '""')}"`));
  return missing.map((index) => index.name);
}
