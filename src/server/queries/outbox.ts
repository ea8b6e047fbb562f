import { and, desc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { outbox } from '@db/schema';
import { db, type Executor } from '@/server/db';
import { columnsOf } from '@/server/queries/rows';
import { countRows, countRowsUpTo, updateWhere } from '@/server/queries/pages';

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
  outcome: Pick<OutboxRow, 'status' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'sentAt'> &
    Partial<Pick<OutboxRow, 'subject' | 'textBody' | 'htmlBody'>>,
  tx: Executor = db,
): Promise<boolean> {
  const done = { ...outcome, lastError: outcome.lastError.slice(0, 1000), leaseHolder: null, leaseExpiresAt: null };
  return updateWhere(tx, outbox, done, and(eq(outbox.id, id), eq(outbox.leaseHolder, holder)));
}

/** Removes a leased message that turned out to be none (a reset asked for an address no active account has). */
export async function deleteOutboxMessage(id: number, holder: string, tx: Executor = db): Promise<void> {
  await tx.delete(outbox).where(and(eq(outbox.id, id), eq(outbox.leaseHolder, holder)));
}

/** Which messages the admin's list shows: one kind, one status, one recipient (each optional). */
export interface OutboxFilter {
  kind?: string | undefined;
  status?: OutboxRow['status'] | undefined;
  to?: string | undefined;
}

function outboxConditions(filter: OutboxFilter): SQL | undefined {
  return and(
    filter.kind ? eq(outbox.kind, filter.kind) : undefined,
    filter.status ? eq(outbox.status, filter.status) : undefined,
    filter.to ? eq(outbox.toAddress, filter.to) : undefined,
  );
}

/** What the admin's list shows of a message (`OutboxItem`): no bodies. */
const summaryColumns = {
  ...columnsOf(outbox, ['id', 'kind', 'subject', 'status', 'attempts', 'lastError', 'nextAttemptAt', 'createdAt', 'sentAt']),
  to: outbox.toAddress,
};
/** A message in full (`OutboxMessage`): with its plain text and HTML. */
const messageColumns = { ...summaryColumns, text: outbox.textBody, html: outbox.htmlBody };

/**
 * A page of messages, newest first, without their bodies (for the admin): served by the
 * created-at index, or by the (kind|status|recipient, created-at) index of the one filter given.
 */
export function listOutboxMessages(filter: OutboxFilter, limit: number, offset: number, tx: Executor = db) {
  return tx
    .select(summaryColumns)
    .from(outbox)
    .where(outboxConditions(filter))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit)
    .offset(offset);
}

/** How many messages a filter matches, counted up to `cap` + 1 (the outbox grows with every send). */
export async function countOutboxMessages(filter: OutboxFilter, cap: number, tx: Executor = db): Promise<number> {
  return countRowsUpTo(tx, outbox, outboxConditions(filter), cap);
}

/** One message in full, with its delivery result. */
export async function getOutboxMessage(id: number, tx: Executor = db) {
  const [row] = await tx.select(messageColumns).from(outbox).where(eq(outbox.id, id));
  return row;
}

/** Messages waiting to be sent (or sent again): the outbox's backlog, counted on its due index. */
export async function countPendingMail(tx: Executor = db): Promise<number> {
  return countRows(tx, outbox, eq(outbox.status, 'pending'));
}

/** Messages that name inline images: the rows of the partial index `outbox_images_idx` (the same condition, written alike). */
const namesImages = sql`${outbox.inlineImages} <> '[]'`;

/** A message naming inline images, and whether it is done with them: sent, given up, or queued before `before`. */
export interface ImageNamingRow {
  id: number;
  inlineImages: string;
  done: boolean;
}

/**
 * Every message that names inline images, read once through the partial index of such messages
 * (those done with them have their list emptied by the cleanup, so these are few): the cleanup
 * decides from this one reading which files no message needs and which messages to empty.
 */
export function listImageNamingMessages(before: Date, tx: Executor = db) {
  return tx
    .select({
      id: outbox.id,
      inlineImages: outbox.inlineImages,
      done: sql<boolean>`(${outbox.status} IN ('sent', 'failed') OR ${outbox.createdAt} < ${before.getTime()})`.mapWith(Boolean),
    })
    .from(outbox)
    .where(namesImages);
}

/** Empties the inline image lists of these messages (their files were deleted or another message still names them); answers how many. */
export async function clearInlineImages(ids: readonly number[], tx: Executor = db): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .update(outbox)
    .set({ inlineImages: '[]' })
    .where(and(inArray(outbox.id, [...ids]), namesImages))
    .returning({ id: outbox.id });
  return rows.length;
}
