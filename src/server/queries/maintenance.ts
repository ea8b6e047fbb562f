import { sql } from 'drizzle-orm';
import { db, type Executor } from '@/server/db';

/** Lets SQLite refresh the statistics its query planner uses, where they are out of date (cheap when they are not). */
export async function optimizeDatabase(tx: Executor = db): Promise<void> {
  await tx.run(sql`PRAGMA optimize`);
}

/** How many migrations the database has applied (drizzle's own record of them). */
export async function countAppliedMigrations(tx: Executor = db): Promise<number> {
  const rows = await tx.all<{ n: number }>(sql`select count(*) as n from __drizzle_migrations`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Whether the file has room for one more page: a free page inside it, or pages left under the connection's
 * `max_page_count` (the writer's DATABASE_MAX_MB cap; run it on the writer's connection).
 */
export async function hasFreePage(tx: Executor = db): Promise<boolean> {
  const rows = await tx.all<{ pages: number; cap: number; free: number }>(
    sql`select (select page_count from pragma_page_count()) as pages, (select max_page_count from pragma_max_page_count()) as cap, (select freelist_count from pragma_freelist_count()) as free`,
  );
  const row = rows[0];
  return row !== undefined && (Number(row.free) > 0 || Number(row.pages) < Number(row.cap));
}
