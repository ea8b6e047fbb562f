import { and, desc, eq, lt } from 'drizzle-orm';
import { sessions, users } from '@db/schema';
import { db, type Executor } from '@/server/db';
import { deleteWhere } from '@/server/queries/pages';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(values: SessionRow, tx: Executor = db): Promise<void> {
  await tx.insert(sessions).values(values);
}

/** What a session needs to know of its user: name, role, byline and whether the account is active. */
export interface SessionAccount {
  username: string;
  displayName: string;
  role: (typeof users.$inferSelect)['role'];
  authorId: number | null;
  deactivatedAt: Date | null;
}

/** A session by id with what it needs of its user. */
export async function getSessionWithUser(id: string, tx: Executor = db): Promise<{ session: SessionRow; account: SessionAccount } | undefined> {
  const [row] = await tx
    .select({
      session: sessions,
      account: {
        username: users.username,
        displayName: users.displayName,
        role: users.role,
        authorId: users.authorId,
        deactivatedAt: users.deactivatedAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  return row;
}

/** A user's sessions, most recently used first (a person has a handful). */
export async function listUserSessions(userId: number, tx: Executor = db): Promise<Omit<SessionRow, 'secretHash'>[]> {
  return tx
    .select({
      id: sessions.id,
      userId: sessions.userId,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastUsedAt));
}

/** Ends one of a user's own sessions; false when the user has no such session. */
export async function deleteOwnSession(userId: number, id: string, tx: Executor = db): Promise<boolean> {
  return deleteWhere(tx, sessions, and(eq(sessions.userId, userId), eq(sessions.id, id)));
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
