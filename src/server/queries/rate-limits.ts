import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { rateLimitEvents } from '@db/schema';
import { db, preparedFor, type Executor } from '@/server/db';

const recentEventTimes = preparedFor((tx) =>
  tx
    .select({ at: rateLimitEvents.at })
    .from(rateLimitEvents)
    .where(
      and(
        eq(rateLimitEvents.bucket, sql.placeholder('bucket')),
        eq(rateLimitEvents.subject, sql.placeholder('subject')),
        gt(rateLimitEvents.at, sql.placeholder('since')),
      ),
    )
    .orderBy(desc(rateLimitEvents.at))
    .prepare(),
);

/** Times of a subject's events in a bucket since `since`, newest first. */
export async function listRecentEventTimes(bucket: string, subject: string, since: Date, tx: Executor = db): Promise<Date[]> {
  const rows = await recentEventTimes(tx).all({ bucket, subject, since });
  return rows.map((r) => r.at);
}

/** How many events a subject has in a bucket since `since`, and when the last was. */
export async function summarizeRecentEvents(
  bucket: string,
  subject: string,
  since: Date,
  tx: Executor = db,
): Promise<{ count: number; last: Date | undefined }> {
  const where = and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.subject, subject), gt(rateLimitEvents.at, since));
  const [summary] = await tx.select({ n: count() }).from(rateLimitEvents).where(where);
  const n = summary?.n ?? 0;
  if (n === 0) return { count: 0, last: undefined };
  const [last] = await tx.select({ at: rateLimitEvents.at }).from(rateLimitEvents).where(where).orderBy(desc(rateLimitEvents.at)).limit(1);
  return { count: n, last: last?.at };
}

const insertEvent = preparedFor((tx) =>
  tx
    .insert(rateLimitEvents)
    .values({ bucket: sql.placeholder('bucket'), subject: sql.placeholder('subject'), at: sql.placeholder('at') })
    .prepare(),
);

export async function insertRateLimitEvent(bucket: string, subject: string, at: Date, tx: Executor = db): Promise<void> {
  await insertEvent(tx).run({ bucket, subject, at });
}

export async function deleteSubjectEvents(bucket: string, subject: string, tx: Executor = db): Promise<void> {
  await tx.delete(rateLimitEvents).where(and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.subject, subject)));
}

/** Forgets every event older than `before` (none of them can count toward a limit any more). */
export async function deleteEventsBefore(before: Date, tx: Executor = db): Promise<number> {
  const gone = await tx.delete(rateLimitEvents).where(lt(rateLimitEvents.at, before)).returning({ id: rateLimitEvents.id });
  return gone.length;
}
