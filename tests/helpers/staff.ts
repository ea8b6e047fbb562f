// Staff of every role for API tests: the owner invites, the link is read from the mail the
// invited person receives (the test's SMTP server: the outbox never holds a usable link), and
// the person accepts with a password of their own.
import type { Role } from '@/lib/staff/permissions';
import type { TestSmtp } from '../fakes/smtp.ts';
import type { apiClient } from './api-client.ts';

type Api = ReturnType<typeof apiClient>;

/** How many mails to each address a test has read the link of, per SMTP server. */
const read = new WeakMap<TestSmtp, Map<string, number>>();

const recipientOf = (mail: TestSmtp['received'][number]) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toLowerCase();

/** The staff mails received for `email`, in order. */
export const mailsTo = (smtp: TestSmtp, email: string) => smtp.received.filter((m) => recipientOf(m) === email.toLowerCase());

/**
 * The link token of the next staff mail to `email` (invitation or reset) not yet read, waiting
 * for it to arrive, as the person reads their mail.
 */
export async function tokenMailedTo(smtp: TestSmtp, email: string): Promise<string> {
  const seen = read.get(smtp) ?? new Map<string, number>();
  read.set(smtp, seen);
  const index = seen.get(email) ?? 0;
  await smtp.waitFor(() => mailsTo(smtp, email).length > index);
  seen.set(email, index + 1);
  const mail = mailsTo(smtp, email)[index];
  const token = /#token=([a-z2-7]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`No link in the mail to ${email}: ${(mail?.text ?? '').slice(0, 500)}`);
  return token;
}

/** The session cookie a response set. */
export const cookieOf = (headers: Headers): string => (headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';

/** Invites `email` as `role` and accepts: answers the new person's session cookie. */
export async function joinStaff(
  api: Api,
  smtp: TestSmtp,
  ownerCookie: string,
  role: Role,
  email: string,
  name = `${role} ${email.split('@')[0]}`,
): Promise<string> {
  const invited = await api.call('POST', '/api/admin/staff/invitations', { cookie: ownerCookie, body: { email, name, role } });
  if (invited.status !== 201) throw new Error(`Invitation failed: ${invited.status} ${invited.text}`);
  const token = await tokenMailedTo(smtp, email);
  const accepted = await api.call('POST', '/api/admin/invitations/accept', { body: { token, password: 'a long staff password' } });
  if (accepted.status !== 201) throw new Error(`Accepting failed: ${accepted.status} ${accepted.text}`);
  return cookieOf(accepted.headers);
}
