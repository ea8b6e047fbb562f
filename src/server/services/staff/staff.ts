import { ROLE_LABELS, capabilitiesOf } from '@/lib/staff/permissions';
import type {
  AcceptInvitationInput,
  AccountUpdate,
  AdminStaffListQuery,
  InvitationInput,
  PasswordResetConfirm,
  StaffUpdate,
} from '@/lib/validation/staff';
import type { Account, Invitation, SessionInfo, StaffMember } from '@/lib/wire/staff';
import type { AdminPage } from '@/lib/wire/common';
import { ADMIN_PAGE_SIZE } from '@/lib/validation/admin-lists';
import { adminOffsetOf, adminPage } from '@/server/admin-lists';
import { hashPassword } from '@/server/auth/password';
import { createSession, hashSecret, randomPart, type SessionUser } from '@/server/auth/session';
import { writeTransaction } from '@/server/db';
import { BadRequestError, ConflictError, NotFoundError, RateLimitError, messages } from '@/server/errors';
import { deleteOwnSession, deleteUserSessions, listUserSessions } from '@/server/queries/sessions';
import {
  claimInvitation,
  claimPasswordReset,
  countOtherActiveOwners,
  countStaff,
  getInvitationByTokenHash,
  getOpenPasswordReset,
  getUserByEmail,
  insertInvitation,
  insertStaffUser,
  isAuthorOfStaff,
  listOpenInvitations,
  listStaff,
  revokeInvitation,
  revokeInvitationsOf,
  spendPasswordResetsOf,
  updateOwnDetails,
  updateStaff,
  type InvitationRow,
  type StaffRow,
} from '@/server/queries/staff';
import { getUserById, getUserByUsername, updateUser } from '@/server/queries/users';
import { TWO_FACTOR_PROOF_MESSAGE } from '@/lib/validation/two-factor';
import { confirmIdentity } from '@/server/services/auth/sign-in';
import { authorForByline } from '@/server/services/articles/authors';
import { getAuthorByName } from '@/server/queries/authors';
import { enqueueMail, sendQueuedMailSoon } from '@/server/services/mail/outbox';
import { INVITATION_MS, invitationMessage, passwordResetMessage } from '@/server/services/staff/link-mail';
import { RATE_RULES, takeRateLimit } from '@/server/services/rate-limits/recorded';
import { actorOf, audit } from '@/server/services/staff/audit';

/** Open invitations listed with the staff (a newsroom sends a handful at a time). */
const OPEN_INVITATIONS_SHOWN = 100;

const memberOf = (row: StaffRow): StaffMember => ({
  id: row.id,
  username: row.username,
  displayName: row.displayName || row.username,
  email: row.email,
  role: row.role,
  authorId: row.authorId,
  active: row.deactivatedAt === null,
  createdAt: row.createdAt.toISOString(),
});

const invitationOf = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  displayName: row.displayName,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/**
 * A 409 when a person on the staff already writes under this name: an author record of that
 * name without an account (an archive byline) becomes the new person's, but two people never
 * share one byline, or they would share each other's articles.
 */
async function assertBylineFree(name: string): Promise<void> {
  const author = await getAuthorByName(name);
  if (author && (await isAuthorOfStaff(author.id))) throw new ConflictError(messages.bylineTaken, 'name');
}

/** A page of the staff, with the invitations still open. */
export async function listStaffPage(query: AdminStaffListQuery): Promise<AdminPage<StaffMember> & { invitations: Invitation[] }> {
  const [rows, total, invitations] = await Promise.all([
    listStaff(ADMIN_PAGE_SIZE, adminOffsetOf(query.page)),
    countStaff(),
    listOpenInvitations(new Date(), OPEN_INVITATIONS_SHOWN),
  ]);
  return { ...adminPage(rows.map(memberOf), query.page, total, false), invitations: invitations.map(invitationOf) };
}

/**
 * Invites a person by e-mail: a single-use link valid for 7 days, queued in the outbox in the
 * same transaction as the invitation (an earlier open invitation of the address is revoked);
 * the link itself is made when the mail is sent (`link-mail.ts`).
 */
export async function inviteStaff(input: InvitationInput, user: SessionUser, address: string): Promise<Invitation> {
  const email = input.email.toLowerCase();
  if (await getUserByEmail(email)) throw new ConflictError(messages.staffEmailTaken, 'email');
  await assertBylineFree(input.name);
  const now = new Date();
  const row = await writeTransaction(async (tx) => {
    await revokeInvitationsOf(email, now, tx);
    const id = await insertInvitation(
      {
        email,
        displayName: input.name,
        role: input.role,
        // A hash nobody has the token of: the mail job gives the invitation its link when it sends it.
        tokenHash: hashSecret(randomPart()),
        invitedBy: user.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_MS),
      },
      tx,
    );
    await enqueueMail(invitationMessage(email, id, user.displayName, input.role), tx, now);
    await audit(
      actorOf(user),
      'staff_invited',
      { type: 'invitation', id, summary: `${input.name} <${email}> as ${ROLE_LABELS[input.role]}` },
      address,
      tx,
    );
    return { id, email, displayName: input.name, role: input.role, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_MS) };
  });
  sendQueuedMailSoon();
  return invitationOf({ ...row, tokenHash: '', authorId: null, invitedBy: user.userId, acceptedAt: null, revokedAt: null });
}

/** Revokes an open invitation: its link stops working. */
export async function revokeStaffInvitation(id: number, user: SessionUser): Promise<void> {
  await writeTransaction(async (tx) => {
    const row = await revokeInvitation(id, new Date(), tx);
    if (!row) throw new NotFoundError(messages.invitationNotFound);
    await audit(actorOf(user), 'invitation_revoked', { type: 'invitation', id, summary: row.email }, undefined, tx);
  });
}

/**
 * Accepts an invitation: the link is spent (once, before it expires), the account is made with
 * the invited role and the person's own password, linked to an author record of their name
 * (made when the newsroom has none), and signed in.
 */
export async function acceptInvitation(
  input: AcceptInvitationInput,
  userAgent: string,
  address: string,
): Promise<{ token: string; expiresAt: Date }> {
  const invalid = () => new BadRequestError(messages.invitationInvalid, { token: [messages.invitationInvalid] });
  const tokenHash = hashSecret(input.token);
  const now = new Date();
  const open = await getInvitationByTokenHash(tokenHash);
  if (!open || open.acceptedAt || open.revokedAt || open.expiresAt <= now) throw invalid();
  const passwordHash = await hashPassword(input.password);
  // The byline's record first (it commits on its own); the invitation is spent below, once.
  // The byline may have become someone else's since the invitation went out.
  if (!open.authorId) await assertBylineFree(open.displayName);
  const authorId = open.authorId ?? (await authorForByline(open.displayName)).id;
  const userId = await writeTransaction(async (tx) => {
    const invitation = await claimInvitation(tokenHash, now, tx);
    if (!invitation) throw invalid();
    if (await getUserByEmail(invitation.email, tx)) throw new ConflictError(messages.staffEmailTaken, 'email');
    const id = await insertStaffUser(
      { username: invitation.email, email: invitation.email, passwordHash, role: invitation.role, displayName: invitation.displayName, authorId },
      tx,
    );
    await audit(
      { userId: id, username: invitation.email },
      'invitation_accepted',
      { type: 'user', id, summary: ROLE_LABELS[invitation.role] },
      address,
      tx,
    );
    return id;
  });
  return createSession(userId, userAgent);
}

/**
 * Mails a password-reset link (valid 1 hour, single use) to an active account with this
 * address. Whether there is one is found out by the mail job, not here: asking does the same
 * work for any address (a limit per client and per mailbox, one queued message), so neither the
 * answer nor its time tells anybody who is on the staff. A mailbox asked for too often is
 * skipped silently, for the same reason.
 */
export async function requestPasswordReset(emailInput: string, address: string): Promise<void> {
  const email = emailInput.toLowerCase();
  const now = new Date();
  const queued = await writeTransaction(async (tx) => {
    await takeRateLimit(tx, 'password-reset', address, RATE_RULES.passwordReset, now);
    try {
      await takeRateLimit(tx, 'password-reset-mailbox', email, RATE_RULES.passwordResetMailbox, now);
    } catch (error) {
      if (error instanceof RateLimitError) return false;
      throw error;
    }
    return enqueueMail(passwordResetMessage(email, null), tx, now);
  });
  if (queued) sendQueuedMailSoon();
}

/**
 * An owner sends a person of the staff a password-reset link, as an action of their own: the
 * audit trail names the owner and the person, and the link goes to the person's address only
 * (nobody else ever sees it). The person's password works until they use the link.
 */
export async function sendPasswordResetTo(id: number, user: SessionUser, address: string): Promise<void> {
  const now = new Date();
  await writeTransaction(async (tx) => {
    const person = await getUserById(id, tx);
    if (!person) throw new NotFoundError(messages.staffNotFound);
    if (person.deactivatedAt !== null) throw new ConflictError(messages.staffInactive);
    if (!person.email) throw new ConflictError(messages.staffWithoutEmail);
    await takeRateLimit(tx, 'password-reset-mailbox', person.email, RATE_RULES.passwordResetMailbox, now);
    await enqueueMail(passwordResetMessage(person.email, { userId: user.userId, displayName: user.displayName }), tx, now);
    await audit(actorOf(user), 'password_reset_sent', { type: 'user', id, summary: person.displayName || person.username }, address, tx);
  });
  sendQueuedMailSoon();
}

/**
 * Sets a new password with a reset link (spent once, within the hour); every session of the
 * account ends. The link is looked up before the password is hashed, so a guessed token costs
 * the server one indexed read, not an argon2 hash (19 MiB and tens of milliseconds) that
 * anyone could ask for without limit.
 */
export async function confirmPasswordReset(input: PasswordResetConfirm, address: string): Promise<void> {
  const invalid = () => new BadRequestError(messages.resetLinkInvalid, { token: [messages.resetLinkInvalid] });
  const tokenHash = hashSecret(input.token);
  if (!(await getOpenPasswordReset(tokenHash, new Date()))) throw invalid();
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  await writeTransaction(async (tx) => {
    const reset = await claimPasswordReset(tokenHash, now, tx);
    const user = reset ? await getUserById(reset.userId, tx) : undefined;
    if (!reset || !user || user.deactivatedAt !== null) throw invalid();
    await updateUser(user.id, { passwordHash, passwordChangedAt: now }, tx);
    await spendPasswordResetsOf(user.id, now, tx);
    await deleteUserSessions(user.id, tx);
    await audit({ userId: user.id, username: user.username }, 'password_reset', { type: 'user', id: user.id }, address, tx);
  });
}

/**
 * The owner changes a person's role or deactivates (or reactivates) them: a change of role or a
 * deactivation ends their sessions at once (a save that changes nothing ends none), and a
 * deactivation ends their open reset links too, so none works again after a reactivation; their
 * bylines and revisions stay. Nobody changes their own, and the last active owner stays one.
 */
export async function updateStaffMember(id: number, input: StaffUpdate, user: SessionUser, address: string): Promise<StaffMember> {
  if (id === user.userId) throw new ConflictError(messages.notYourself);
  return writeTransaction(async (tx) => {
    const before = await getUserById(id, tx);
    if (!before) throw new NotFoundError(messages.staffNotFound);
    const losesOwner = before.role === 'owner' && ((input.role !== undefined && input.role !== 'owner') || input.active === false);
    if (losesOwner && (await countOtherActiveOwners(id, tx)) === 0) throw new ConflictError(messages.lastOwner);
    const deactivatedAt = input.active === undefined ? before.deactivatedAt : input.active ? null : (before.deactivatedAt ?? new Date());
    await updateStaff(id, { ...(input.role !== undefined && { role: input.role }), deactivatedAt }, tx);
    const newRole = input.role ?? before.role;
    const roleChanged = newRole !== before.role;
    const deactivated = input.active === false && before.deactivatedAt === null;
    if (roleChanged || deactivated) await deleteUserSessions(id, tx);
    if (deactivated) await spendPasswordResetsOf(id, deactivatedAt ?? new Date(), tx);
    const subject = { type: 'user' as const, id, summary: before.displayName || before.username };
    if (roleChanged)
      await audit(
        actorOf(user),
        'staff_role_changed',
        { ...subject, summary: `${subject.summary}: ${ROLE_LABELS[before.role]} → ${ROLE_LABELS[newRole]}` },
        address,
        tx,
      );
    if (deactivated) await audit(actorOf(user), 'staff_deactivated', subject, address, tx);
    if (input.active === true && before.deactivatedAt !== null) await audit(actorOf(user), 'staff_reactivated', subject, address, tx);
    return memberOf({ ...before, role: newRole, deactivatedAt });
  });
}

/** The signed-in person and what their role may do. */
export async function getAccount(user: SessionUser): Promise<Account> {
  const row = await getUserById(user.userId);
  if (!row) throw new NotFoundError(messages.staffNotFound);
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName || row.username,
    email: row.email,
    role: row.role,
    capabilities: capabilitiesOf(row.role),
    authorId: row.authorId,
  };
}

/**
 * Changes the signed-in person's own name and address (the first owner gets both here like
 * everyone else). A new address needs the password or a current code (counted by the sign-in
 * throttle); a person who signs in with their address signs in with the new one from then on.
 * Recorded in the audit trail.
 */
export async function updateOwnAccount(user: SessionUser, input: AccountUpdate, address: string): Promise<Account> {
  const before = await getUserById(user.userId);
  if (!before) throw new NotFoundError(messages.staffNotFound);
  const email = input.email?.toLowerCase();
  const newEmail = email !== undefined && email !== before.email;
  if (newEmail) {
    if (input.password === undefined && input.currentCode === undefined)
      throw new BadRequestError(TWO_FACTOR_PROOF_MESSAGE, { confirm: [TWO_FACTOR_PROOF_MESSAGE] });
    await confirmIdentity(user, input, address, { recordSuccess: false });
  }
  const name = input.name !== undefined && input.name !== before.displayName ? input.name : undefined;
  if (name === undefined && !newEmail) return getAccount(user);
  await writeTransaction(async (tx) => {
    if (newEmail) {
      const holder = (await getUserByEmail(email, tx)) ?? (await getUserByUsername(email, tx));
      if (holder && holder.id !== before.id) throw new ConflictError(messages.staffEmailTaken, 'email');
    }
    await updateOwnDetails(
      before.id,
      {
        ...(name !== undefined && { displayName: name }),
        ...(newEmail && { email, ...(before.username === before.email && { username: email }) }),
      },
      tx,
    );
    const changes = [
      ...(name !== undefined ? [`name: ${before.displayName || before.username} → ${name}`] : []),
      ...(newEmail ? [`address: ${before.email ?? 'none'} → ${email}`] : []),
    ];
    await audit(actorOf(user), 'account_changed', { type: 'user', id: before.id, summary: changes.join('; ') }, address, tx);
  });
  return getAccount(user);
}

/** The signed-in person's sessions, the current one marked. */
export async function listOwnSessions(user: SessionUser): Promise<SessionInfo[]> {
  const rows = await listUserSessions(user.userId);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    userAgent: row.userAgent,
    current: row.id === user.sessionId,
  }));
}

/** Ends one of the signed-in person's own sessions (404 for anyone else's). */
export async function endOwnSession(user: SessionUser, sessionId: string): Promise<void> {
  if (!(await deleteOwnSession(user.userId, sessionId))) throw new NotFoundError(messages.sessionNotFound);
}
