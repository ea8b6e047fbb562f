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
