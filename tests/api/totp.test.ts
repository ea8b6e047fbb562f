import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import { describe, expect, it } from 'vitest';
import { users } from '@db/schema';
import { useTestServer } from '../helpers/test-server.ts';

const PASSWORD = 'two-factor-test-password';
const server = useTestServer({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true' });
let address = 0;

async function call(method: string, path: string, body?: unknown, cookie?: string, from = `192.0.2.${++address}`) {
  const headers: Record<string, string> = { Origin: server.url, 'X-Forwarded-For': from };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (cookie) headers['Cookie'] = cookie;
  const response = await fetch(`${server.url}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

const login = (extra: Record<string, string> = {}, from?: string) =>
  call('POST', '/api/admin/login', { username: 'admin', password: PASSWORD, ...extra }, undefined, from);
/** A 6-digit code that is not the key's current one. */
const wrongCode = (key: Uint8Array) => (generateTOTP(key, 30, 6) === '123456' ? '654321' : '123456');
/** How many answers had each status. */
const statuses = (answers: { status: number }[]) => {
  const tally: Record<number, number> = {};
  for (const { status } of answers) tally[status] = (tally[status] ?? 0) + 1;
  return tally;
};
/** Lets a code of the current time step be used again (the server accepts each step once). */
const forgetLastStep = () => server.database.db.update(users).set({ totpLastStep: null });

describe('two-factor sign-in with an authenticator app', () => {
  let cookie: string;
  let key: Uint8Array;
  let recovery: string[];

  it('needs the password, not the session alone, to start and to confirm enrollment', async () => {
    const session = (await login()).headers.get('Set-Cookie')!.split(';')[0]!;
    const bare = await call('POST', '/api/admin/totp/setup', undefined, session);
    expect(bare.status).toBe(400);
    expect(bare.json['errors']).toHaveProperty('confirm');
    expect((await call('POST', '/api/admin/totp/setup', { password: 'not-the-password' }, session)).status).toBe(401);
    // While two-factor sign-in is off, no code proves anything.
    expect((await call('POST', '/api/admin/totp/setup', { currentCode: '123456' }, session)).status).toBe(401);
    const [untouched] = await server.database.db.select().from(users);
    expect(untouched?.totpPendingKey).toBeNull();

    const setup = await call('POST', '/api/admin/totp/setup', { password: PASSWORD }, session);
    expect(setup.status).toBe(200);
    const code = generateTOTP(decodeBase32IgnorePadding(String(setup.json['secret'])), 30, 6);
    expect((await call('POST', '/api/admin/totp/enable', { code }, session)).status).toBe(400);
    expect((await call('POST', '/api/admin/totp/enable', { code, password: 'not-the-password' }, session)).status).toBe(401);
    expect((await call('GET', '/api/admin/totp', undefined, session)).json).toEqual({ enabled: false });
  });

  it('enrolls by QR code, storing the key sealed, and confirms with a first code', async () => {
    const first = await login();
    cookie = first.headers.get('Set-Cookie')!.split(';')[0]!;
    const setup = await call('POST', '/api/admin/totp/setup', { password: PASSWORD }, cookie);
    expect(setup.status).toBe(200);
    expect(setup.json['uri']).toMatch(/^otpauth:\/\/totp\/EnergyPulse:admin\?/);
    expect(String(setup.json['qrSvg'])).toMatch(/^<svg/);
    key = decodeBase32IgnorePadding(String(setup.json['secret']));
    const [pending] = await server.database.db.select().from(users);
    expect(pending?.totpPendingKey).toMatch(/^v1\./);
    expect(pending?.totpPendingKey).not.toContain(String(setup.json['secret']));

    expect((await call('POST', '/api/admin/totp/enable', { code: wrongCode(key), password: PASSWORD }, cookie)).status).toBe(400);
    const enabled = await call('POST', '/api/admin/totp/enable', { code: generateTOTP(key, 30, 6), password: PASSWORD }, cookie);
    expect(enabled.status).toBe(200);
    recovery = enabled.json['recoveryCodes'] as string[];
    expect(recovery).toHaveLength(10);
    expect((await call('GET', '/api/admin/totp', undefined, cookie)).json).toEqual({ enabled: true });
    const [row] = await server.database.db.select().from(users);
    expect(row?.totpKey).toMatch(/^v1\./);
    expect(row?.totpPendingKey).toBeNull();
  });

  it('cannot be replaced with the session alone once it is on', async () => {
    const [before] = await server.database.db.select().from(users);
    // A stolen session's attempt: a new key of its own, then confirming it.
    const stolen = await call('POST', '/api/admin/totp/setup', undefined, cookie);
    expect(stolen.status).toBe(400);
    expect(stolen.json).not.toHaveProperty('secret');
    expect((await call('POST', '/api/admin/totp/setup', { currentCode: wrongCode(key) }, cookie)).status).toBe(401);
    expect((await call('POST', '/api/admin/totp/setup', { password: 'not-the-password' }, cookie)).status).toBe(401);
    expect((await call('POST', '/api/admin/totp/enable', { code: wrongCode(key) }, cookie)).status).toBe(400);
    expect((await call('POST', '/api/admin/totp/recovery-codes', undefined, cookie)).status).toBe(400);
    const [after] = await server.database.db.select().from(users);
    expect(after?.totpKey).toBe(before?.totpKey);
    expect(after?.totpPendingKey).toBeNull();
  });

  it('moves to a new phone with a current code as proof, and makes new recovery codes with a recovery code', async () => {
    await forgetLastStep();
    const setup = await call('POST', '/api/admin/totp/setup', { currentCode: generateTOTP(key, 30, 6) }, cookie);
    expect(setup.status).toBe(200);
    const newKey = decodeBase32IgnorePadding(String(setup.json['secret']));
    const enabled = await call('POST', '/api/admin/totp/enable', { code: generateTOTP(newKey, 30, 6), password: PASSWORD }, cookie);
    expect(enabled.status).toBe(200);
    const [oldRecovery, enrolledRecovery] = [recovery, enabled.json['recoveryCodes'] as string[]];
    key = newKey;

    const renewed = await call('POST', '/api/admin/totp/recovery-codes', { currentCode: enrolledRecovery[0] }, cookie);
    expect(renewed.status).toBe(200);
    recovery = renewed.json['recoveryCodes'] as string[];
    expect(recovery).toHaveLength(10);
    expect(recovery).not.toContain(enrolledRecovery[1]);
    // Only the newest codes sign in.
    expect((await login({ code: oldRecovery[3]! })).status).toBe(401);
    expect((await login({ code: enrolledRecovery[1]! })).status).toBe(401);
    expect((await call('GET', '/api/admin/totp', undefined, cookie)).json).toEqual({ enabled: true });
  });

  it('counts wrong codes and passwords of two-factor changes as failed sign-ins, then waits', async () => {
    const from = '198.51.100.20';
    for (let i = 0; i < 5; i++) {
      expect((await call('POST', '/api/admin/totp/disable', { currentCode: wrongCode(key) }, cookie, from)).status).toBe(401);
    }
    const throttled = await call('POST', '/api/admin/totp/disable', { password: PASSWORD }, cookie, from);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('Retry-After'))).toBeGreaterThan(50);
    // The same throttle as signing in: this address waits there too.
    expect((await login({}, from)).status).toBe(429);
    expect((await call('GET', '/api/admin/totp', undefined, cookie)).json).toEqual({ enabled: true });
  });

  it('checks at most five of a burst of wrong codes or passwords, at sign-in and at two-factor changes', async () => {
    const burst = (send: () => Promise<{ status: number }>) => Promise.all(Array.from({ length: 40 }, send));
    expect(statuses(await burst(() => call('POST', '/api/admin/totp/disable', { currentCode: wrongCode(key) }, cookie, '198.51.100.21')))).toEqual({
      401: 5,
      429: 35,
    });
    expect(statuses(await burst(() => call('POST', '/api/admin/totp/disable', { password: 'wrong' }, cookie, '198.51.100.22')))).toEqual({
      401: 5,
      429: 35,
    });
    expect(statuses(await burst(() => login({ code: wrongCode(key) }, '198.51.100.23')))).toEqual({ 401: 5, 429: 35 });
    expect((await call('GET', '/api/admin/totp', undefined, cookie)).json).toEqual({ enabled: true });
  });

  it('asks for the code after the password, and refuses a wrong one', async () => {
    const missing = await login();
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual({ message: 'Two-factor code required', errors: { code: ['Enter the code from your authenticator app'] } });
    expect(missing.headers.get('Set-Cookie')).toBeNull();
    const wrong = await login({ code: generateTOTP(key, 30, 6) === '123456' ? '654321' : '123456' });
    expect(wrong.status).toBe(401);
    expect(wrong.json['message']).toBe('Invalid two-factor code');
  });

  it('signs in with a current code, and accepts each code only once', async () => {
    await forgetLastStep();
    const code = generateTOTP(key, 30, 6);
    const ok = await login({ code });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('Set-Cookie')).toMatch(/^session=/);
    expect((await login({ code })).status).toBe(401);
  });

  it('signs in with a recovery code once', async () => {
    expect((await login({ code: recovery[0]! })).status).toBe(200);
    expect((await login({ code: recovery[0]! })).status).toBe(401);
    expect((await login({ code: recovery[1]!.toUpperCase() })).status).toBe(200);
  });

  it('says so when the stored key no longer opens (APP_SECRET changed), and still takes a recovery code', async () => {
    const [account] = await server.database.db.select({ totpKey: users.totpKey }).from(users);
    const sealed = account!.totpKey!;
    // The same sealed key, as if another APP_SECRET had sealed it: the tag no longer matches.
    const parts = sealed.split('.');
    parts[2] = parts[2]!.startsWith('A') ? `B${parts[2]!.slice(1)}` : `A${parts[2]!.slice(1)}`;
    await server.database.db.update(users).set({ totpKey: parts.join('.'), totpLastStep: null });
    try {
      const refused = await login({ code: generateTOTP(key, 30, 6) });
      expect(refused.status).toBe(401);
      expect(refused.json['message']).toMatch(/^The two-factor key cannot be read with the current APP_SECRET: sign in with a recovery code/);
      expect((await login({ code: recovery[2]! })).status).toBe(200);
    } finally {
      await server.database.db.update(users).set({ totpKey: sealed });
    }
  });

  it('turns off only with a code or the password, not with the session alone', async () => {
    const sessionOnly = await call('POST', '/api/admin/totp/disable', undefined, cookie);
    expect(sessionOnly.status).toBe(400);
    expect(sessionOnly.json['errors']).toHaveProperty('confirm');
    expect((await call('POST', '/api/admin/totp/disable', { password: 'not-the-password' }, cookie)).status).toBe(401);
    expect((await call('GET', '/api/admin/totp', undefined, cookie)).json).toEqual({ enabled: true });
    expect((await call('POST', '/api/admin/totp/disable', { password: PASSWORD }, cookie)).json).toEqual({ enabled: false });
    expect((await login()).status).toBe(200);
  });

  it('is only for the signed-in administrator', async () => {
    expect((await call('POST', '/api/admin/totp/setup')).status).toBe(401);
    expect((await call('GET', '/api/admin/totp')).status).toBe(401);
  });
});
