import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@db/schema';
import { ensureAdmin } from '@/server/auth/admin-user';
import { loadConfig } from '@/server/config';
import { useMigratedDatabase } from '../helpers/database.ts';

describe('the first owner’s name and address (ADMIN_NAME, ADMIN_EMAIL)', () => {
  const database = useMigratedDatabase('admin-user');
  const admin = async () => (await database.db.select().from(users).orderBy(asc(users.id)).limit(1))[0];
  const quiet = () => {};

  it('are read and checked as settings, each named when bad', () => {
    expect(loadConfig({ ADMIN_NAME: '  Olive Owner ', ADMIN_EMAIL: 'Olive@Example.com' })).toMatchObject({
      adminName: 'Olive Owner',
      adminEmail: 'olive@example.com',
    });
    expect(loadConfig({})).toMatchObject({ adminName: undefined, adminEmail: undefined });
    expect(() => loadConfig({ ADMIN_EMAIL: 'not an address' })).toThrow(/ADMIN_EMAIL/);
    expect(() => loadConfig({ ADMIN_NAME: 'O' })).toThrow(/ADMIN_NAME/);
    expect(() => loadConfig({ ADMIN_NAME: 'Olive\nOwner' })).toThrow(/ADMIN_NAME/);
  });

  it('are given at first start, and what the owner set later stays', async () => {
    await ensureAdmin('admin', 'a first password', quiet, database.db, { name: 'Olive Owner', email: 'olive@example.com' });
    expect(await admin()).toMatchObject({ username: 'admin', displayName: 'Olive Owner', email: 'olive@example.com', role: 'owner' });
    await database.db.update(users).set({ displayName: 'Olive O.', email: 'o@example.com' });
    await ensureAdmin('admin', 'a first password', quiet, database.db, { name: 'Olive Owner', email: 'olive@example.com' });
    expect(await admin()).toMatchObject({ displayName: 'Olive O.', email: 'o@example.com' });
  });

  it('fill an existing owner’s blanks, but never take an address someone else on the staff has', async () => {
    await database.db.update(users).set({ displayName: '', email: null });
    await database.db.insert(users).values({ username: 'taken@example.com', email: 'taken@example.com', passwordHash: 'x', role: 'author' });
    const said: string[] = [];
    await ensureAdmin('admin', 'a first password', (line) => said.push(line), database.db, { name: 'Olive Owner', email: 'taken@example.com' });
    expect(await admin()).toMatchObject({ displayName: 'Olive Owner', email: null });
    expect(said.join('\n')).toMatch(/ADMIN_EMAIL taken@example.com is someone else's/);
  });
});
