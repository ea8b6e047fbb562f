import { sql } from 'drizzle-orm';
import { db, type Executor } from '@/server/db';

/** Lets SQLite refresh the statistics its query planner uses, where they are out of date (cheap when they are not). */
export async function optimizeDatabase(tx: Executor = db): Promise<void> {
  await tx.run(sql`PRAGMA optimize`);
}
