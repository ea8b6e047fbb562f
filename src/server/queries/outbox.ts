import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { outbox } from '@db/schema';
import { db, type Executor } from '@/server/db';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutboxRow = typeof outbox.$inferInsert;

/** Adds a message; one whose `dedupeKey` is already queued is left as it is. True when it was added. */
export async function insertOutboxMessage(message: NewOutboxRow, tx: Executor = db): Promise<boolean> {
  const rows = await tx.insert(outbox).values(message).onConflictDoNothing().returning({ id: outbox.id });
  return rows.length > 0;
}

/**
 * Takes the lease of up to `limit` due messages (pending, their time come, nobody sending
 * them or their sender's lease ran out) in one statement: of several processes asking at
 * once, each message goes to exactly one.
 */
export async function claimDueOutboxMessages(holder: string, now: Date, leaseMs: number, limit: number, tx: Executor = db): Promise<OutboxRow[]> {
  const due = tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now), or(isNull(outbox.leaseExpiresAt), lt(outbox.leaseExpiresAt, now))))
    .orderBy(outbox.nextAttemptAt)
    .limit(limit);
  return tx
    .update(outbox)
    .set({ leaseHolder: holder, leaseExpiresAt: new Date(now.getTime() + leaseMs) })
    .where(and(inArray(outbox.id, due), or(isNull(outbox.leaseExpiresAt), lt(outbox.leaseExpiresAt, now))))
    .returning();
}

/** Records what became of a leased message and gives the lease back; false when the lease was no longer the holder's. */
export async function finishOutboxMessage(
  id: number,
  holder: string,
  outcome: Pick<OutboxRow, 'status' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'sentAt'>,
  tx: Executor = db,
): Promise<boolean> {
  const rows = await tx
    .update(outbox)
    .set({ ...outcome, lastError: outcome.lastError.slice(0, 1000), leaseHolder: null, leaseExpiresAt: null })
    .where(and(eq(outbox.id, id), eq(outbox.leaseHolder, holder)))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/** A page of messages, newest first, for the admin (served by the created-at index). */
export function listOutboxMessages(limit: number, offset: number, tx: Executor = db): Promise<OutboxRow[]> {
  return tx.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit).offset(offset);
}

/** How many messages the outbox holds. */
export async function countOutboxMessages(tx: Executor = db): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)` }).from(outbox);
  return row?.n ?? 0;
}
