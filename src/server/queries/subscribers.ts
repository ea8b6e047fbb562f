import { and, eq, gt } from 'drizzle-orm';
import { subscribers } from '@db/schema';
import { db, type Executor } from '@/server/db';

export type SubscriberRow = typeof subscribers.$inferSelect;
export type NewSubscriberRow = typeof subscribers.$inferInsert;

/** The subscriber with this (lowercased) address. */
export async function getSubscriberByEmail(email: string, tx: Executor = db): Promise<SubscriberRow | undefined> {
  const [row] = await tx.select().from(subscribers).where(eq(subscribers.email, email)).limit(1);
  return row;
}

/** The subscriber a manage link's token hash belongs to. */
export async function getSubscriberByManageHash(hash: string, tx: Executor = db): Promise<SubscriberRow | undefined> {
  const [row] = await tx.select().from(subscribers).where(eq(subscribers.manageTokenHash, hash)).limit(1);
  return row;
}

/** Adds a subscriber. */
export async function insertSubscriber(row: NewSubscriberRow, tx: Executor = db): Promise<void> {
  await tx.insert(subscribers).values(row);
}

/** Changes a subscriber's row. */
export async function updateSubscriber(id: number, changes: Partial<NewSubscriberRow>, tx: Executor = db): Promise<void> {
  await tx.update(subscribers).set(changes).where(eq(subscribers.id, id));
}

/** Activates the pending subscriber whose unexpired confirm token has this hash; the row, or undefined. */
export async function confirmSubscriberByHash(hash: string, now: Date, tx: Executor = db): Promise<SubscriberRow | undefined> {
  const [row] = await tx
    .update(subscribers)
    .set({ status: 'active', confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
    .where(and(eq(subscribers.confirmTokenHash, hash), gt(subscribers.confirmExpiresAt, now)))
    .returning();
  return row;
}
