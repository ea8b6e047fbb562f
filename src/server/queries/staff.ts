import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { passwordResets, staffInvitations, users } from '@db/schema';
import { db, type Executor } from '@/server/db';
import { countRows, findRow, updateWhere } from '@/server/queries/pages';

export type InvitationRow = typeof staffInvitations.$inferSelect;
export type PasswordResetRow = typeof passwordResets.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** The columns of a person the staff list shows (never the hashes or keys). */
const staffColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  email: users.email,
  role: users.role,
  authorId: users.authorId,
  deactivatedAt: users.deactivatedAt,
  createdAt: users.createdAt,
};
export type StaffRow = Pick<UserRow, keyof typeof staffColumns>;

/** A page of the staff, in the order they joined (the primary key). */
export async function listStaff(limit: number, offset: number, tx: Executor = db): Promise<StaffRow[]> {
  return tx.select(staffColumns).from(users).orderBy(asc(users.id)).limit(limit).offset(offset);
}

export async function countStaff(tx: Executor = db): Promise<number> {
  return countRows(tx, users);
}

/** Active owners other than `exceptId`: an owner cannot demote or deactivate the last one. */
export async function countOtherActiveOwners(exceptId: number, tx: Executor = db): Promise<number> {
  return countRows(tx, users, and(eq(users.role, 'owner'), isNull(users.deactivatedAt), ne(users.id, exceptId)));
}

export async function getUserByEmail(email: string, tx: Executor = db): Promise<UserRow | undefined> {
  return findRow(tx, users, eq(users.email, email));
}

/** Changes a person's role or active state (the service ends their sessions when that takes anything away). */
export async function updateStaff(id: number, changes: Partial<Pick<UserRow, 'role' | 'deactivatedAt'>>, tx: Executor = db): Promise<boolean> {
  return updateWhere(tx, users, changes, eq(users.id, id));
}

/** Changes the signed-in person's own name or address (and the user name that follows the address). */
export async function updateOwnDetails(
  id: number,
  changes: Partial<Pick<UserRow, 'displayName' | 'email' | 'username'>>,
  tx: Executor = db,
): Promise<void> {
  await tx.update(users).set(changes).where(eq(users.id, id));
}

/** Adds an account made by an accepted invitation; answers its id. */
export async function insertStaffUser(
  values: Pick<UserRow, 'username' | 'passwordHash' | 'role' | 'displayName' | 'email' | 'authorId'>,
  tx: Executor = db,
): Promise<number> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('The account was not stored.');
  return row.id;
}

export async function insertInvitation(values: typeof staffInvitations.$inferInsert, tx: Executor = db): Promise<number> {
  const [row] = await tx.insert(staffInvitations).values(values).returning({ id: staffInvitations.id });
  if (!row) throw new Error('The invitation was not stored.');
  return row.id;
}

/** Invitations still open at `now` (not accepted, revoked or expired), newest first; a newsroom has a handful. */
export async function listOpenInvitations(now: Date, limit: number, tx: Executor = db): Promise<InvitationRow[]> {
  return tx
    .select()
    .from(staffInvitations)
    .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, now)))
    .orderBy(desc(staffInvitations.id))
    .limit(limit);
}

export async function getInvitationById(id: number, tx: Executor = db): Promise<InvitationRow | undefined> {
  return findRow(tx, staffInvitations, eq(staffInvitations.id, id));
}

/**
 * Gives an open invitation the hash of the token the mail job is about to send (the link of an
 * earlier, unsent or failed attempt stops working); false when it is no longer open at `now`.
 */
export async function setInvitationToken(id: number, tokenHash: string, now: Date, tx: Executor = db): Promise<boolean> {
  return updateWhere(
    tx,
    staffInvitations,
    { tokenHash },
    and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, now)),
  );
}

export async function getInvitationByTokenHash(tokenHash: string, tx: Executor = db): Promise<InvitationRow | undefined> {
  return findRow(tx, staffInvitations, eq(staffInvitations.tokenHash, tokenHash));
}

/** Ends the open invitations of an address (a new one replaces them). */
export async function revokeInvitationsOf(email: string, now: Date, tx: Executor = db): Promise<void> {
  await tx
    .update(staffInvitations)
    .set({ revokedAt: now })
    .where(and(eq(staffInvitations.email, email), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)));
}

/** Revokes one open invitation; false when there is none by that id still open. */
export async function revokeInvitation(id: number, now: Date, tx: Executor = db): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .update(staffInvitations)
    .set({ revokedAt: now })
    .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
    .returning();
  return row;
}

/**
 * Spends an invitation: marks it accepted if it is still open at `now`, in one statement, so
 * of two acceptances of one link only one gets it.
 */
export async function claimInvitation(tokenHash: string, now: Date, tx: Executor = db): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .update(staffInvitations)
    .set({ acceptedAt: now })
    .where(
      and(
        eq(staffInvitations.tokenHash, tokenHash),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function insertPasswordReset(values: typeof passwordResets.$inferInsert, tx: Executor = db): Promise<void> {
  await tx.insert(passwordResets).values(values);
}

/** A reset link still unused and unexpired at `now`, without spending it. */
export async function getOpenPasswordReset(tokenHash: string, now: Date, tx: Executor = db): Promise<PasswordResetRow | undefined> {
  return findRow(tx, passwordResets, and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)));
}

/** Spends a reset link if it is unused and unexpired at `now` (one statement: single use). */
export async function claimPasswordReset(tokenHash: string, now: Date, tx: Executor = db): Promise<PasswordResetRow | undefined> {
  const [row] = await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning();
  return row;
}

/** Ends a person's unused reset links (a new password was set, or the person was deactivated). */
export async function spendPasswordResetsOf(userId: number, now: Date, tx: Executor = db): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Whether a staff account writes under this author record (the record cannot go while one does). */
export async function isAuthorOfStaff(authorId: number, tx: Executor = db): Promise<boolean> {
  return (await findRow(tx, users, eq(users.authorId, authorId))) !== undefined;
}

/** The addresses of active owners and editors: who hears of drafts waiting for review. */
export async function listEditorAddresses(tx: Executor = db): Promise<string[]> {
  const rows = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.role, ['owner', 'editor']), isNull(users.deactivatedAt), isNotNull(users.email)))
    .limit(200);
  return rows.flatMap((r) => (r.email ? [r.email] : []));
}
