// Every staff call × every role, from the one table of permissions (src/lib/staff/permissions.ts
// and the route table of src/server/auth/route-permissions.ts): a role without the call's
// capability gets the contract's 403, a role with it gets past the check (the handler answers:
// 200, 400 for the empty body, 404 for the record that does not exist). Records are named by ids
// that do not exist, so no allowed call changes anything the others read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITIES, ROLES, can, type Role } from '@/lib/staff/permissions';
import { withoutPersonalData } from '@/server/auth/personal-data';
import { PERSONAL_DATA_ANSWERS, ROUTE_CAPABILITIES, personalDataOf } from '@/server/auth/route-permissions';
import { startTestSmtp } from '../fakes/smtp.ts';
import { apiClient } from '../helpers/api-client.ts';
import { joinStaff } from '../helpers/staff.ts';
import { useTestServer } from '../helpers/test-server.ts';

const PASSWORD = 'matrix-owner-password';
// The invitations' links arrive by mail (the outbox keeps none).
const smtp = await startTestSmtp();
afterAll(() => smtp.close());
const server = useTestServer(() => ({ TRUST_PROXY: 'true', ADMIN_PASSWORD: PASSWORD, SMTP_URL: smtp.url }));
const api = apiClient(server, PASSWORD);
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  cookies.owner = await api.signIn();
  for (const role of ROLES.filter((r) => r !== 'owner')) cookies[role] = await joinStaff(api, smtp, cookies.owner, role, `${role}@matrix.example`);
});

/** The address of a call: each `[param]` a record that does not exist (a session id, an action, an autosave key of its kind). */
const addressOf = (pattern: string) =>
  pattern.replace(/\[(\w+)\]/g, (_, name: string) =>
    name === 'action' ? 'no-such-action' : name === 'releaseId' ? 'no-such-release-2026-01-01' : '999999',
  );

const calls = Object.entries(ROUTE_CAPABILITIES).map(([key, capability]) => {
  const [method = '', pattern = ''] = key.split(' ');
  return { method, pattern, capability };
});

describe('the permissions matrix', () => {
  it('lists the calls of every role', () => {
    expect(calls.length).toBeGreaterThan(70);
    // The table can fail: each role is refused something, and the owner nothing.
    for (const role of ROLES.filter((r) => r !== 'owner'))
      expect(
        calls.some((c) => !can(role, c.capability)),
        role,
      ).toBe(true);
    expect(calls.every((c) => can('owner', c.capability))).toBe(true);
  });

  for (const role of ROLES) {
    it(`${role}: every call allowed or refused as the table says`, { timeout: 120_000 }, async () => {
      const wrong: string[] = [];
      for (const { method, pattern, capability } of calls) {
        const path = addressOf(pattern);
        const res = await api.call(method, path, { cookie: cookies[role], ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }) });
        const allowed = can(role, capability);
        if (allowed && (res.status === 403 || res.status === 401))
          wrong.push(`${method} ${path}: ${res.status} ${res.text.slice(0, 120)}, expected past the check`);
        if (!allowed && (res.status !== 403 || res.json['message'] !== 'Forbidden'))
          wrong.push(`${method} ${path}: ${res.status} ${res.text.slice(0, 120)}, expected 403 Forbidden`);
        if (res.status >= 500) wrong.push(`${method} ${path}: ${res.status} ${res.text.slice(0, 200)}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});

describe('answers with readers’ personal data', () => {
  const READER = 'reader@matrix-reader.example';

  /** Whether an answer carries the field: a JSON key of that name at any depth, or a CSV column. */
  const carries = (res: { text: string; headers: Headers }, field: string) =>
    res.headers.get('Content-Type')?.includes('text/csv')
      ? (res.text.split('\r\n')[0] ?? '').split(',').includes(field)
      : res.text.includes(`"${field}":`);

  it('each role that may make the call gets readers’ e-mail only with readPersonalData, on real records', { timeout: 120_000 }, async () => {
    const [article] = (await (await fetch(`${server.url}/api/articles?limit=1&fields=summary`)).json()) as { id: number }[];
    const arranged = [
      await api.call('POST', `/api/articles/${article?.id}/comments`, {
        body: { authorName: 'Matrix Reader', authorEmail: READER, content: 'A comment for the matrix.' },
      }),
      await api.call('POST', '/api/contact', {
        body: { name: 'Matrix Reader', email: READER, subject: 'The matrix', category: 'general', message: 'A message for the matrix to read.' },
      }),
      await api.call('POST', '/api/newsletter/subscribe', { body: { email: READER } }),
    ];
    expect(arranged.map((r) => r.status)).toEqual([201, 201, 202]);
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const [call, fields] of Object.entries(PERSONAL_DATA_ANSWERS)) {
      const [method = '', pattern = ''] = call.split(' ');
      // A record's own address: the first item of its list, read by the owner.
      const list = await api.call('GET', pattern.replace('/[id]', ''), { cookie: cookies.owner });
      const first = ((list.json['items'] as { id: number }[] | undefined) ?? [])[0];
      const path = pattern.replace('[id]', String(first?.id ?? 0));
      for (const role of ROLES.filter((r) => can(r, ROUTE_CAPABILITIES[call] ?? 'account'))) {
        const res = await api.call(method, path, { cookie: cookies[role] });
        if (res.status !== 200) wrong.push(`${role} ${method} ${path}: ${res.status}`);
        for (const field of fields) {
          if (carries(res, field) !== can(role, 'readPersonalData'))
            wrong.push(`${role} ${method} ${path}: ${field} ${carries(res, field) ? 'sent' : 'missing'}`);
        }
        checked.push(`${role} ${call}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toEqual(
      expect.arrayContaining(['editor GET /api/admin/comments', 'owner GET /api/admin/outbox/[id]', 'editor GET /api/admin/subscribers/export.csv']),
    );
  });

  it('letting authors moderate would not leak e-mails: the moderation answers reach them without any address', async () => {
    expect(can('author', 'readPersonalData')).toBe(false);
    const authorsModerate = { ...CAPABILITIES, moderateComments: [...CAPABILITIES.moderateComments, 'author' as const] };
    for (const pattern of ['/api/admin/comments', '/api/admin/comments/[id]']) {
      const fields = personalDataOf('author', 'GET', pattern, authorsModerate);
      expect(fields, pattern).toEqual(['authorEmail']);
      // The answer the route gives (as an editor gets it), through what the middleware does for an author.
      const list = (await api.call('GET', '/api/admin/comments', { cookie: cookies.editor })).json['items'] as { id: number }[];
      const path = pattern.replace('[id]', String(list[0]?.id ?? 0));
      const raw = await fetch(`${server.url}${path}`, { headers: { Cookie: cookies.editor } });
      const asEditor = await raw.clone().text();
      expect(asEditor).toMatch(/"authorEmail":"[^"]*@/);
      const asAuthor = await (await withoutPersonalData(raw, fields)).text();
      expect(asAuthor).not.toContain('authorEmail');
      expect(asAuthor).not.toMatch(/@[a-z0-9-]+\.[a-z]/i);
      // Nothing else changes.
      expect(JSON.parse(asAuthor)).toEqual(JSON.parse(asEditor, (key, value: unknown) => (key === 'authorEmail' ? undefined : value)));
    }
  });
});
