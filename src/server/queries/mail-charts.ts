import { and, gte, inArray, lt } from 'drizzle-orm';
import { mailCharts } from '@db/schema';
import { db, type Executor } from '@/server/db';

/** Records that a mail chart was (again) stored at `now`. */
export async function recordMailChartStored(key: string, now: Date, tx: Executor = db): Promise<void> {
  await tx
    .insert(mailCharts)
    .values({ key, storedAt: now })
    .onConflictDoUpdate({ target: mailCharts.key, set: { storedAt: now } });
}

/** Of these chart keys, those stored at or after `since` (a mailing may be about to queue messages naming them). */
export async function listMailChartsStoredSince(keys: readonly string[], since: Date, tx: Executor = db): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await tx
    .select({ key: mailCharts.key })
    .from(mailCharts)
    .where(and(inArray(mailCharts.key, [...keys]), gte(mailCharts.storedAt, since)));
  return rows.map((row) => row.key);
}

/** Forgets the records of these chart keys stored before `before` (their files are being deleted). */
export async function forgetMailChartsStoredBefore(keys: readonly string[], before: Date, tx: Executor = db): Promise<void> {
  if (keys.length === 0) return;
  await tx.delete(mailCharts).where(and(inArray(mailCharts.key, [...keys]), lt(mailCharts.storedAt, before)));
}
