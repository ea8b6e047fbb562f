import { describe, expect, it, vi } from 'vitest';

// The password hash and the reset links, held by the test: no database, no argon2.
const held = vi.hoisted(() => ({ hashes: 0 }));
vi.mock('@/server/auth/password', () => ({
  hashPassword: () => {
    held.hashes += 1;
    return Promise.resolve('$argon2id$test');
  },
}));
vi.mock('@/server/queries/staff', () => ({
  getOpenPasswordReset: () => Promise.resolve(undefined),
  claimPasswordReset: () => Promise.resolve(undefined),
}));
vi.mock('@/server/db', async () => ({
  db: {},
  preparedFor: (await import('@db/executor')).preparedFor,
  writeTransaction: (run: (tx: object) => Promise<unknown>) => run({}),
}));

const { confirmPasswordReset } = await import('@/server/services/staff/staff');

describe('confirmPasswordReset', () => {
  it('refuses a link that opens nothing before it hashes the password, so guessed links cost no argon2 hash', async () => {
    await expect(confirmPasswordReset({ token: 'guessed', password: 'a long enough password' }, '203.0.113.9')).rejects.toMatchObject({
      status: 400,
      errors: { token: [expect.stringMatching(/not valid|expired|used/i)] },
    });
    expect(held.hashes).toBe(0);
  });
});
