import { eq, lt } from 'drizzle-orm';
import { sessions, users } from '@db/schema';
import { db, type Executor } from '@/server/db';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(values: SessionRow, tx: Executor = db): Promise<void> {
  await tx.insert(sessions).values(values);
}

/** A session by id with its user's name. */
export async function getSessionWithUser(id: string, tx: Executor = db): Promise<{ session: SessionRow; username: string } | undefined> {
  const [row] = await tx
    .select({ session: sessions, username: users.username })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  return row;
}

export async function touchSession(id: string, lastUsedAt: Date, tx: Executor = db): Promise<void> {
  await tx.update(sessions).set({ lastUsedAt }).where(eq(sessions.id, id));
}

export async function deleteSession(id: string, tx: Executor = db): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteUserSessions(userId: number, tx: Executor = db): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/** Removes sessions past their absolute end (idle ones go when next presented, or here once past the end). */
export async function deleteExpiredSessions(now: Date, tx: Executor = db): Promise<number> {
  const gone = await tx.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  return gone.length;
}
