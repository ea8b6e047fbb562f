import { SITE_NAME } from '@/lib/site';
import { ROLE_LABELS, capabilitiesOf } from '@/lib/staff/permissions';
import type { AcceptInvitationInput, AdminStaffListQuery, InvitationInput, PasswordResetConfirm, StaffUpdate } from '@/lib/validation/staff';
import type { Account, Invitation, SessionInfo, StaffMember } from '@/lib/wire/staff';
import type { AdminPage } from '@/lib/wire/common';
import { ADMIN_PAGE_SIZE } from '@/lib/validation/admin-lists';
import { hashPassword } from '@/server/auth/password';
import { createSession, hashSecret, randomPart, type SessionUser } from '@/server/auth/session';
import { appConfig } from '@/server/config';
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
  insertPasswordReset,
  insertStaffUser,
  isAuthorOfStaff,
  listOpenInvitations,
  listStaff,
  revokeInvitation,
  revokeInvitationsOf,
  spendPasswordResetsOf,
  updateStaff,
  type InvitationRow,
  type StaffRow,
} from '@/server/queries/staff';
import { getUserById, updateUser } from '@/server/queries/users';
import { authorForByline } from '@/server/services/articles/authors';
import { getAuthorByName } from '@/server/queries/authors';
import { enqueueMail } from '@/server/services/mail/outbox';
import { renderMailHtml, renderMailText, type MailDocument } from '@/server/services/mail/layout';
import { RATE_RULES, takeRateLimit } from '@/server/services/rate-limits/recorded';
import { actorOf, audit } from '@/server/services/staff/audit';

/** An invitation link works for 7 days, a password-reset link for 1 hour. */
export const INVITATION_MS = 7 * 24 * 3_600_000;
export const PASSWORD_RESET_MS = 3_600_000;
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
    listStaff(ADMIN_PAGE_SIZE, (query.page - 1) * ADMIN_PAGE_SIZE),
    countStaff(),
    listOpenInvitations(new Date(), OPEN_INVITATIONS_SHOWN),
  ]);
  return { items: rows.map(memberOf), page: query.page, pageSize: ADMIN_PAGE_SIZE, total, invitations: invitations.map(invitationOf) };
}

/** The single-use link's address: the token rides in the fragment, so it never reaches a server log or a Referer. */
const linkTo = (path: string, token: string) => `${appConfig().siteUrl}${path}#token=${token}`;

function mailDocument(title: string, intro: string, href: string, action: string): MailDocument {
  return { title, intro, sections: [{ heading: action, items: [{ title: action, href }] }] };
}

/**
 * Invites a person by e-mail: a single-use link valid for 7 days, queued in the outbox in the
 * same transaction as the invitation (an earlier open invitation of the address is revoked).
 */
export async function inviteStaff(input: InvitationInput, user: SessionUser, address: string): Promise<Invitation> {
  const email = input.email.toLowerCase();
  if (await getUserByEmail(email)) throw new ConflictError(messages.staffEmailTaken, 'email');
  await assertBylineFree(input.name);
  const token = randomPart();
  const now = new Date();
  const row = await writeTransaction(async (tx) => {
    await revokeInvitationsOf(email, now, tx);
    const id = await insertInvitation(
      {
        email,
        displayName: input.name,
        role: input.role,
        tokenHash: hashSecret(token),
        invitedBy: user.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_MS),
      },
      tx,
    );
    const document = mailDocument(
      `${user.displayName} invited you to ${SITE_NAME}`,
      `You are invited to join the ${SITE_NAME} newsroom as ${ROLE_LABELS[input.role]}. Choose your password with the link below; it works once, for 7 days.`,
      linkTo('/admin/invitation', token),
      'Accept the invitation',
    );
    await enqueueMail(
      {
        kind: 'staff',
        to: email,
        subject: document.title,
        text: renderMailText(document),
        html: renderMailHtml(document),
        dedupeKey: `invitation:${id}`,
      },
      tx,
      now,
    );
    await audit(
      actorOf(user),
      'staff_invited',
      { type: 'invitation', id, summary: `${input.name} <${email}> as ${ROLE_LABELS[input.role]}` },
      address,
      tx,
    );
    return { id, email, displayName: input.name, role: input.role, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_MS) };
  });
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
 * address. Answers the same whether or not there is one, so the form tells nobody who is on
 * the staff; limited per client address and per mailbox.
 */
export async function requestPasswordReset(emailInput: string, address: string): Promise<void> {
  const email = emailInput.toLowerCase();
  const now = new Date();
  await writeTransaction(async (tx) => {
    await takeRateLimit(tx, 'password-reset', address, RATE_RULES.passwordReset, now);
    const user = await getUserByEmail(email, tx);
    if (!user || user.deactivatedAt !== null) return;
    // A full mailbox is skipped silently: a 429 here, and not for an unknown address, would
    // tell whoever asks which addresses are on the staff.
    try {
      await takeRateLimit(tx, 'password-reset-mailbox', email, RATE_RULES.passwordResetMailbox, now);
    } catch (error) {
      if (error instanceof RateLimitError) return;
      throw error;
    }
    const token = randomPart();
    await insertPasswordReset(
      { userId: user.id, tokenHash: hashSecret(token), createdAt: now, expiresAt: new Date(now.getTime() + PASSWORD_RESET_MS) },
      tx,
    );
    const document = mailDocument(
      `Reset your ${SITE_NAME} password`,
      'Someone (we hope you) asked to reset the password of your staff account. The link works once, for one hour; if it was not you, ignore this message.',
      linkTo('/admin/reset-password', token),
      'Choose a new password',
    );
    await enqueueMail({ kind: 'staff', to: email, subject: document.title, text: renderMailText(document), html: renderMailHtml(document) }, tx, now);
  });
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
 * The owner changes a person's role or deactivates (or reactivates) them: their sessions end at
 * once; their bylines and revisions stay. Nobody changes their own, and the last active owner
 * stays one.
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
    const subject = { type: 'user' as const, id, summary: before.displayName || before.username };
    if (input.role !== undefined && input.role !== before.role)
      await audit(
        actorOf(user),
        'staff_role_changed',
        { ...subject, summary: `${subject.summary}: ${ROLE_LABELS[before.role]} → ${ROLE_LABELS[input.role]}` },
        address,
        tx,
      );
    if (input.active === false && before.deactivatedAt === null) await audit(actorOf(user), 'staff_deactivated', subject, address, tx);
    if (input.active === true && before.deactivatedAt !== null) await audit(actorOf(user), 'staff_reactivated', subject, address, tx);
    return memberOf({ ...before, role: input.role ?? before.role, deactivatedAt });
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
