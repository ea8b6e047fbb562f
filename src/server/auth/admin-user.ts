import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { users } from '@db/schema';
import { hashPassword, verifyPassword } from './password';
import { invalidateUserSessions } from './session';

/**
 * Makes sure the administrator exists (CONTRACT 1): with ADMIN_PASSWORD it is created or
 * its password set to that value (ending its sessions when it changes); with no password
 * and no administrator yet, a strong random password is generated and printed once.
 */
export async function ensureAdmin(db: Db, username: string, password: string | undefined, log: (line: string) => void = console.log): Promise<void> {
  const [existing] = await db.select().from(users).limit(1);
  if (!existing) {
    const chosen = password ?? generatePassword();
    await db.insert(users).values({ username, passwordHash: await hashPassword(chosen) });
    if (!password) {
      log(
        `\n  Administrator created. Sign in at /admin/login as "${username}" with the password:\n\n      ${chosen}\n\n  It is shown only this once. Change it with: npm run admin:password\n`,
      );
    }
    return;
  }
  const renamed = existing.username !== username;
  const changed = password !== undefined && !(await verifyPassword(existing.passwordHash, password));
  if (!renamed && !changed) return;
  await db
    .update(users)
    .set({ username, ...(changed && password ? { passwordHash: await hashPassword(password), passwordChangedAt: new Date() } : {}) })
    .where(eq(users.id, existing.id));
  if (changed) await invalidateUserSessions(db, existing.id);
}

/** Sets a new administrator password and ends every session. */
export async function setAdminPassword(db: Db, password: string): Promise<void> {
  const [admin] = await db.select().from(users).limit(1);
  if (!admin) throw new Error('There is no administrator yet: start the site once first.');
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), passwordChangedAt: new Date() })
    .where(eq(users.id, admin.id));
  await invalidateUserSessions(db, admin.id);
}

function generatePassword(): string {
  const bytes = new Uint8Array(15); // 120 bits
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}
