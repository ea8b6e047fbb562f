// Staff of every role for API tests: the owner invites, the link is read from the outbox (as
// the invited person reads their mail), the person accepts with a password of their own.
import type { Role } from '@/lib/staff/permissions';
import type { apiClient } from './api-client.ts';

type Api = ReturnType<typeof apiClient>;

/** The token of the newest staff mail to `email` (invitation or reset), read from the outbox as the owner. */
export async function tokenMailedTo(api: Api, ownerCookie: string, email: string): Promise<string> {
  const list = await api.call('GET', `/api/admin/outbox?kind=staff&q=${encodeURIComponent(email)}`, { cookie: ownerCookie });
  const [newest] = (list.json['items'] as { id: number }[] | undefined) ?? [];
  if (!newest) throw new Error(`No staff mail to ${email}: ${list.status} ${list.text}`);
  const message = await api.call('GET', `/api/admin/outbox/${newest.id}`, { cookie: ownerCookie });
  const token = /#token=([a-z2-7]+)/.exec(message.text)?.[1];
  if (!token) throw new Error(`No link in the mail to ${email}: ${message.text.slice(0, 500)}`);
  return token;
}

/** The session cookie a response set. */
export const cookieOf = (headers: Headers): string => (headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';

/** Invites `email` as `role` and accepts: answers the new person's session cookie. */
export async function joinStaff(api: Api, ownerCookie: string, role: Role, email: string, name = `${role} ${email.split('@')[0]}`): Promise<string> {
  const invited = await api.call('POST', '/api/admin/staff/invitations', { cookie: ownerCookie, body: { email, name, role } });
  if (invited.status !== 201) throw new Error(`Invitation failed: ${invited.status} ${invited.text}`);
  const token = await tokenMailedTo(api, ownerCookie, email);
  const accepted = await api.call('POST', '/api/admin/invitations/accept', { body: { token, password: 'a long staff password' } });
  if (accepted.status !== 201) throw new Error(`Accepting failed: ${accepted.status} ${accepted.text}`);
  return cookieOf(accepted.headers);
}
