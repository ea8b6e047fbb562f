// `npm run db:restore <file> [--force]`: replaces the embedded database with a checked backup.
// Stop the site first: a server still running would keep its old connections.
import { parseArgs } from 'node:util';
import { restoreDatabase } from '@db/backup';
import { filePathOf } from '@db/backends/worker-threads';
import { isFileUrl } from '@db/client';
import { loadConfig } from '@/server/config';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
const backup = positionals[0];
if (!backup) {
  console.error('Usage: npm run db:restore -- <backup file> [--force]');
  process.exit(1);
}
const config = loadConfig();
if (!isFileUrl(config.databaseUrl)) {
  console.error(`DATABASE_URL is a libSQL server (${config.databaseUrl}): restore it with your provider's tools.`);
  process.exit(1);
}
// A site answering on its port is still using the database.
const running = await fetch(`http://127.0.0.1:${config.port}/robots.txt`, { signal: AbortSignal.timeout(2_000) }).then(
  () => true,
  () => false,
);
if (running && !values.force) {
  console.error(`The site is running on port ${config.port}: stop it first (or pass --force if that is another site).`);
  process.exit(1);
}
try {
  restoreDatabase(backup, filePathOf(config.databaseUrl));
  console.log(`Restored ${config.databaseUrl} from ${backup}. Start the site again.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
