import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { Executor } from '@/server/db';
import { getAdministrator, insertUser, updateUser } from '@/server/queries/users';
import { getUserByEmail } from '@/server/queries/staff';
import { deleteUserSessions } from '@/server/queries/sessions';
import { getSiteState, setSiteState } from '@/server/queries/site-state';
import { fingerprint } from '@/server/secret-box';
import { hashPassword, verifyPassword } from '@/server/auth/password';

/** Where the fingerprint of the last ADMIN_PASSWORD applied is kept. */
const APPLIED_PASSWORD = 'admin_password_applied';

/**
 * Makes sure the administrator exists: with ADMIN_PASSWORD it is created, or its password
 * set to that value when the value changed since it was last applied (so a password set
 * later with `npm run admin:password` stays, while the variable is unchanged); sessions end
 * when the password changes. With no password and no administrator yet, a strong random
 * password is generated and printed once. Runs at start, on the connection it is given.
 */
export async function ensureAdmin(
  username: string,
  password: string | undefined,
  log: (line: string) => void = console.log,
  tx?: Executor,
  details: { name?: string | undefined; email?: string | undefined } = {},
): Promise<void> {
  const existing = await getAdministrator(tx);
  const applied = password === undefined ? undefined : fingerprint('admin-password', password);
  if (!existing) {
    const chosen = password ?? generatePassword();
    await insertUser({ username, passwordHash: await hashPassword(chosen) }, tx);
    await giveAdminDetails(details, log, tx);
    if (applied) await setSiteState(APPLIED_PASSWORD, applied, tx);
    if (!password) {
      log(
        `\n  Administrator created. Sign in at /admin/login as "${username}" with the password:\n\n      ${chosen}\n\n  It is shown only this once. Change it with: npm run admin:password\n`,
      );
    }
    return;
  }
  await giveAdminDetails(details, log, tx);
  const renamed = existing.username !== username;
  const newValue = applied !== undefined && (await getSiteState(APPLIED_PASSWORD, tx)) !== applied;
  const changed = newValue && password !== undefined && !(await verifyPassword(existing.passwordHash, password));
  if (newValue && applied) await setSiteState(APPLIED_PASSWORD, applied, tx);
  if (!renamed && !changed) return;
  await updateUser(
    existing.id,
    { username, ...(changed && password ? { passwordHash: await hashPassword(password), passwordChangedAt: new Date() } : {}) },
    tx,
  );
  if (changed) await deleteUserSessions(existing.id, tx);
}

/**
 * Gives the first owner ADMIN_NAME and ADMIN_EMAIL where they have none yet: set once, and what
 * they set later in the panel stays. An address someone else on the staff has is not given (said
 * in the log): the start goes on.
 */
async function giveAdminDetails(details: { name?: string | undefined; email?: string | undefined }, log: (line: string) => void, tx?: Executor) {
  const admin = await getAdministrator(tx);
  if (!admin) return;
  const name = details.name !== undefined && !admin.displayName ? details.name : undefined;
  let email = details.email !== undefined && !admin.email ? details.email : undefined;
  if (email !== undefined) {
    const holder = await getUserByEmail(email, tx);
    if (holder && holder.id !== admin.id) {
      log(`ADMIN_EMAIL ${email} is someone else's on the staff already; the administrator keeps no address.`);
      email = undefined;
    }
  }
  if (name !== undefined || email !== undefined)
    await updateUser(admin.id, { ...(name !== undefined && { displayName: name }), ...(email !== undefined && { email }) }, tx);
}

/** Sets a new administrator password and ends every session. */
export async function setAdminPassword(password: string, tx?: Executor): Promise<void> {
  const admin = await getAdministrator(tx);
  if (!admin) throw new Error('There is no administrator yet: start the site once first.');
  await updateUser(admin.id, { passwordHash: await hashPassword(password), passwordChangedAt: new Date() }, tx);
  await deleteUserSessions(admin.id, tx);
}

function generatePassword(): string {
  const bytes = new Uint8Array(15); // 120 bits
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}
