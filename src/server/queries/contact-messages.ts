import { desc, eq } from 'drizzle-orm';
import { contactMessages } from '@db/schema';
import type { AdminMessage } from '@/lib/types';
import { db, type Executor } from '@/server/db';

/** Stores a contact message; answers its id and time. */
export async function insertContactMessage(
  values: { name: string; email: string; company: string | null; subject: string; category: string; message: string; createdAt: Date },
  tx: Executor = db,
): Promise<{ id: number; createdAt: string }> {
  const [row] = await tx.insert(contactMessages).values(values).returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  if (!row) throw new Error('The message was not stored.');
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}

/** Contact messages, newest first. */
export async function listContactMessages(tx: Executor = db): Promise<AdminMessage[]> {
  const rows = await tx.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
  return rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
}

/** Marks a message handled or not; false when there is no such message. */
export async function setContactMessageHandled(id: number, handled: boolean, tx: Executor = db): Promise<boolean> {
  const rows = await tx.update(contactMessages).set({ handled }).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
  return rows.length > 0;
}

/** Deletes a message; false when there was none. */
export async function deleteContactMessageById(id: number, tx: Executor = db): Promise<boolean> {
  const rows = await tx.delete(contactMessages).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
  return rows.length > 0;
}
