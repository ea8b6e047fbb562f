// `npm run db:backup [file]`: an online, consistent copy of the embedded database (the site
// may go on serving), checked with integrity_check; by default data/backups/energy-<UTC time>.db.
import { backupDatabase } from '@db/backup';
import { filePathOf } from '@db/backends/worker-threads';
import { isFileUrl } from '@db/client';
import { loadConfig } from '@/server/config';

const config = loadConfig();
if (!isFileUrl(config.databaseUrl)) {
  console.error(
    `DATABASE_URL is a libSQL server (${config.databaseUrl}): back it up with your provider's tools (Turso and sqld keep their own backups).`,
  );
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = process.argv[2] ?? `data/backups/energy-${stamp}.db`;
try {
  backupDatabase(filePathOf(config.databaseUrl), target);
  console.log(`Backed up ${config.databaseUrl} to ${target} (integrity checked).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
