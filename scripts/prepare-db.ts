// Applies migrations and, unless --no-seed or SEED=false, seeds an empty database.
import { openDatabase } from '@db/client';
import { ensureDatabaseFolder, migrateDatabase } from '@db/migrate';
import { seedDatabase } from '@db/seed';
import { ensureAdmin } from '@/server/auth/admin-user';
import { loadConfig } from '@/server/config';

/** Migrates (and seeds, when enabled) the configured database. */
export async function prepareDatabase(options: { seed: boolean }): Promise<void> {
  const config = loadConfig();
  ensureDatabaseFolder(config.databaseUrl);
  const database = await openDatabase({ url: config.databaseUrl, authToken: config.databaseAuthToken });
  try {
    await migrateDatabase(database.db);
    // Planner statistics where they are missing or stale (cheap when they are not).
    await database.client.execute('PRAGMA optimize');
    if (options.seed && config.seed) await seedDatabase(database.db);
    await ensureAdmin(config.adminUsername, config.adminPassword, console.log, database.db);
  } finally {
    database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await prepareDatabase({ seed: !process.argv.includes('--no-seed') });
  console.log('Database ready.');
}
