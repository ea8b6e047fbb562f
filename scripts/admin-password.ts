// `npm run admin:password`: sets a new administrator password (read from standard input,
// not echoed on a terminal) and ends every session.
import '../scripts/require-node.mjs';
import { createInterface } from 'node:readline';
import { openDatabase } from '@db/client';
import { migrateDatabase } from '@db/migrate';
import { setAdminPassword } from '@/server/auth/admin-user';
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
  console.log('Password changed; every session has ended.');
} finally {
  database.close();
}
