import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
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

/** Forgets one of a subject's events in a bucket at `at` (events alike in all three are interchangeable). */
export async function deleteOneEvent(bucket: string, subject: string, at: Date, tx: Executor = db): Promise<void> {
  const one = tx
    .select({ id: rateLimitEvents.id })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.subject, subject), eq(rateLimitEvents.at, at)))
    .limit(1);
  await tx.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, one));
}

/** Forgets every event older than `before` (none of them can count toward a limit any more). */
export async function deleteEventsBefore(before: Date, tx: Executor = db): Promise<number> {
  const gone = await tx.delete(rateLimitEvents).where(lt(rateLimitEvents.at, before)).returning({ id: rateLimitEvents.id });
  return gone.length;
}
