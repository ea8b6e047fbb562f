import type { StaffLinkKind } from '@db/constants';
import { SITE_NAME } from '@/lib/site';
import { ROLE_LABELS, type Role } from '@/lib/staff/permissions';
import { hashSecret, randomPart } from '@/server/auth/session';
import { appConfig } from '@/server/config';
import type { Executor } from '@/server/db';
import { getInvitationById, getUserByEmail, insertPasswordReset, setInvitationToken } from '@/server/queries/staff';
import { getUserById } from '@/server/queries/users';
import { renderMailHtml, renderMailText, type MailDocument } from '@/server/services/mail/layout';
import type { LinkComposition, MailBodies, MailMessage } from '@/server/mail-message';

// The staff's single-use links (an invitation, a password reset) are made by the mail job at the
// moment it sends the message: the token exists in memory from then until the SMTP server has it,
// and only its SHA-256 is stored. What the outbox keeps of the message, before and after, is the
// same message without the token, so no screen, export or backup ever holds a usable link, and
// an owner who wants someone's password changed sends them a link through an action of their own.

/** An invitation link works for 7 days from the invitation, a password-reset link for 1 hour from when its mail is sent. */
export const INVITATION_MS = 7 * 24 * 3_600_000;
export const PASSWORD_RESET_MS = 3_600_000;

const PATHS: Record<StaffLinkKind, string> = { 'password-reset': '/admin/reset-password', invitation: '/admin/invitation' };

/** The note of the copy the outbox keeps in place of the link. */
export const LINK_LEFT_OUT =
  'This copy leaves out the link’s single-use token: it is made when the message is sent and is only in the recipient’s mail.';

/** The link's address: the token rides in the fragment, so it never reaches a server log or a Referer. */
const linkTo = (kind: StaffLinkKind, token: string | undefined) =>
  `${appConfig().siteUrl}${PATHS[kind]}${token === undefined ? '' : `#token=${token}`}`;

function document(title: string, intro: string, action: string, href: string, kept: boolean): MailDocument {
  return { title, intro, sections: [{ heading: action, items: [{ title: action, href }], note: kept ? LINK_LEFT_OUT : undefined }] };
}

/** The name a mail gives a person: their name, else their user name. */
const nameOf = (user: { displayName: string; username: string }) => user.displayName || user.username;

/** What a message says, with or without its token (`undefined`: the copy the outbox keeps). */
type Wording = (token: string | undefined) => { subject: string; document: MailDocument };

function resetWording(sentBy: string | undefined): Wording {
  const subject = `Reset your ${SITE_NAME} password`;
  const intro = sentBy
    ? `${sentBy}, an owner of the ${SITE_NAME} newsroom, sent you this link to choose a new password for your staff account. It works once, for one hour; your current password works until you use it.`
    : 'Someone (we hope you) asked to reset the password of your staff account. The link works once, for one hour; if it was not you, ignore this message.';
  return (token) => ({ subject, document: document(subject, intro, 'Choose a new password', linkTo('password-reset', token), token === undefined) });
}

function invitationWording(inviter: string, role: Role): Wording {
  const subject = `${inviter} invited you to ${SITE_NAME}`;
  const intro = `You are invited to join the ${SITE_NAME} newsroom as ${ROLE_LABELS[role]}. Choose your password with the link below; it works once, for 7 days.`;
  return (token) => ({ subject, document: document(subject, intro, 'Accept the invitation', linkTo('invitation', token), token === undefined) });
}

/** The outbox message of a staff link: its bodies are the kept copy; the mail job adds the link when it sends it. */
function linkMessage(to: string, link: StaffLinkKind, linkRef: number | null, wording: Wording, dedupeKey?: string): MailMessage {
  const { subject, document } = wording(undefined);
  return {
    kind: 'staff',
    to,
    subject,
    text: renderMailText(document),
    html: renderMailHtml(document),
    link: { kind: link, ref: linkRef },
    ...(dedupeKey === undefined ? {} : { dedupeKey }),
  };
}

/**
 * A password-reset mail to `email`, whoever has it: the mail job looks the account up when it
 * sends it, so asking costs the same whether or not the address is on the staff. `sentBy` is the
 * owner who sends it to a person of the staff (null: the person asked).
 */
export function passwordResetMessage(email: string, sentBy: { userId: number; displayName: string } | null): MailMessage {
  return linkMessage(email, 'password-reset', sentBy?.userId ?? null, resetWording(sentBy?.displayName));
}

/** The invitation's mail (one per invitation). */
export function invitationMessage(email: string, invitationId: number, inviter: string, role: Role): MailMessage {
  return linkMessage(email, 'invitation', invitationId, invitationWording(inviter, role), `invitation:${invitationId}`);
}

const bodiesOf = (wording: Wording, token: string | undefined): MailBodies => {
  const { subject, document } = wording(token);
  return { subject, text: renderMailText(document), html: renderMailHtml(document) };
};

/**
 * Makes the link of a message about to be sent (`mint`: false without SMTP, when it is kept
 * instead): the token's hash is stored (a new reset link; the invitation's token replaced) before
 * the message leaves, and the message with the token is answered to be sent, never stored.
 */
export async function composeLinkMail(
  row: { link: StaffLinkKind; linkRef: number | null; toAddress: string },
  mint: boolean,
  now: Date,
  tx?: Executor,
): Promise<LinkComposition> {
  const token = mint ? randomPart() : undefined;
  if (row.link === 'password-reset') {
    const user = await getUserByEmail(row.toAddress, tx);
    if (!user || user.deactivatedAt !== null) return { action: 'drop' };
    const owner = row.linkRef === null ? undefined : await getUserById(row.linkRef, tx);
    const wording = resetWording(owner ? nameOf(owner) : undefined);
    if (token !== undefined)
      await insertPasswordReset(
        { userId: user.id, tokenHash: hashSecret(token), createdAt: now, expiresAt: new Date(now.getTime() + PASSWORD_RESET_MS) },
        tx,
      );
    return { action: 'send', sent: token === undefined ? null : bodiesOf(wording, token), kept: bodiesOf(wording, undefined) };
  }
  const invitation = row.linkRef === null ? undefined : await getInvitationById(row.linkRef, tx);
  const closed = !invitation
    ? 'The invitation no longer exists.'
    : invitation.acceptedAt
      ? 'The invitation was accepted before this message was sent.'
      : invitation.revokedAt
        ? 'The invitation was revoked before this message was sent.'
        : invitation.expiresAt <= now
          ? 'The invitation expired before this message could be sent.'
          : undefined;
  if (!invitation || closed) return { action: 'give-up', reason: closed ?? '' };
  const inviter = invitation.invitedBy === null ? undefined : await getUserById(invitation.invitedBy, tx);
  const wording = invitationWording(inviter ? nameOf(inviter) : `The ${SITE_NAME} newsroom`, invitation.role);
  if (token !== undefined && !(await setInvitationToken(invitation.id, hashSecret(token), now, tx)))
    return { action: 'give-up', reason: 'The invitation closed before this message was sent.' };
  return { action: 'send', sent: token === undefined ? null : bodiesOf(wording, token), kept: bodiesOf(wording, undefined) };
}
