import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { recoveryCodes, users } from '@db/schema';
import { db, type Executor } from '@/server/db';

export type UserRow = typeof users.$inferSelect;

/** The first owner (the spec's administrator, `ADMIN_USERNAME`: the first account), if created yet. */
export async function getAdministrator(tx: Executor = db): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).orderBy(users.id).limit(1);
  return row;
}

export async function getUserById(id: number, tx: Executor = db): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  return row;
}

export async function getUserByUsername(username: string, tx: Executor = db): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.username, username));
  return row;
}

export async function insertUser(values: { username: string; passwordHash: string }, tx: Executor = db): Promise<void> {
  await tx.insert(users).values(values);
}

/** Changes some of a user's own fields (name, password hash, two-factor state). */
export async function updateUser(
  id: number,
  changes: Partial<
    Pick<UserRow, 'username' | 'displayName' | 'email' | 'passwordHash' | 'passwordChangedAt' | 'totpKey' | 'totpPendingKey' | 'totpLastStep'>
  >,
  tx: Executor = db,
): Promise<void> {
  await tx.update(users).set(changes).where(eq(users.id, id));
}

/**
 * Records that the authenticator code of time step `step` was used, unless that step or a
 * later one already was (then false): one statement, so of two requests with the same code
 * only one gets it.
 */
export async function claimTotpStep(id: number, step: number, tx: Executor = db): Promise<boolean> {
  const claimed = await tx
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** Replaces a user's recovery codes with new hashes. */
export async function replaceRecoveryCodes(userId: number, codeHashes: string[], tx: Executor = db): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length > 0) await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks an unused recovery code used; false when there is no such unused code. */
export async function spendRecoveryCode(userId: number, codeHash: string, usedAt: Date, tx: Executor = db): Promise<boolean> {
  const spent = await tx
    .update(recoveryCodes)
    .set({ usedAt })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length > 0;
}
