// Every staff call × every role, from the one table of permissions (src/lib/staff/permissions.ts
// and the route table of src/server/auth/route-permissions.ts): a role without the call's
// capability gets the contract's 403, a role with it gets past the check (the handler answers:
// 200, 400 for the empty body, 404 for the record that does not exist). Records are named by ids
// that do not exist, so no allowed call changes anything the others read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, can, type Role } from '@/lib/staff/permissions';
import { ROUTE_CAPABILITIES } from '@/server/auth/route-permissions';
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
