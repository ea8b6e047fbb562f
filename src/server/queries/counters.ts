import { counters } from '@db/schema';
import { db, type Executor } from '@/server/db';

/** The running totals triggers keep: `comments_pending`, `comments_approved`, `messages_unhandled`, `messages_handled`. */
export async function readCounters(tx: Executor = db): Promise<Record<string, number>> {
  const rows = await tx.select().from(counters);
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}
