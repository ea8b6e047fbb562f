// `npm run admin:password`: sets a new administrator password (read from standard input,
// not echoed on a terminal) and ends every session. With `-- --reset-two-factor` it also
// turns two-factor sign-in off (for a lost authenticator, or a key that no longer opens
// after APP_SECRET changed).
import '../scripts/require-node.mjs';
import { createInterface } from 'node:readline';
import { openDatabase } from '@db/client';
import { migrateDatabase } from '@db/migrate';
import { getAdministrator } from '@/server/queries/users';
import { setAdminPassword } from '@/server/auth/admin-user';
import { disableTotp } from '@/server/auth/totp';
import { loadConfig } from '@/server/config';

async function readPassword(prompt: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (process.stdin.isTTY) {
    process.stdout.write(prompt);
    // Hide what is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
  }
  const line = await new Promise<string>((resolve) => rl.once('line', resolve));
  rl.close();
  if (process.stdin.isTTY) process.stdout.write('\n');
  return line;
}

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--reset-two-factor');
if (unknown.length > 0) {
  console.error(`Unknown option ${unknown[0]}; the only option is --reset-two-factor.`);
  process.exit(1);
}
const resetTwoFactor = args.includes('--reset-two-factor');
const password = process.env['NEW_ADMIN_PASSWORD'] ?? (await readPassword('New administrator password: '));
if (password.length < 12 || password.length > 1024) {
  console.error('The password must be 12 to 1024 characters long.');
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, authToken: config.databaseAuthToken });
try {
  await migrateDatabase(database.db);
  await setAdminPassword(password, database.db);
  if (resetTwoFactor) {
    const admin = await getAdministrator(database.db);
    if (admin) await disableTotp(admin.id, database.db);
  }
  console.log(`Password changed${resetTwoFactor ? ' and two-factor sign-in turned off' : ''}; every session has ended.`);
} finally {
  database.close();
}
