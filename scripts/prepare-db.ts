// Applies migrations and, unless --no-seed or SEED=false, seeds an empty database.
import { openDatabase } from '@db/client';
import { checkDatabaseFile, DatabaseFileError } from '@db/file-check';
import { ensureDatabaseFolder, migrateDatabase } from '@db/migrate';
import { removeDataSamples, seedDatabase } from '@db/seed';
import { loadSampleMedia } from '@db/seed/sample-media';
import { ensureAdmin } from '@/server/auth/admin-user';
import { findUnreadableSecrets, unreadableSecretsMessage } from '@/server/services/auth/stored-secrets';
import { loadConfig } from '@/server/config';
import type { DatabaseAccess } from '@/server/db';
import { relateNextArticles } from '@/server/services/articles/related';
import { installSampleImages } from '@/server/services/media/sample-images';

/** Articles the start relates at most (a fresh install's all of them); the related-articles job takes the rest. */
const RELATE_AT_START = 200;

/** Migrates (and seeds, when enabled) the configured database. */
export async function prepareDatabase(options: { seed: boolean }): Promise<void> {
  const config = loadConfig();
  checkDatabaseFile(config.databaseUrl);
  ensureDatabaseFolder(config.databaseUrl);
  const database = await openDatabase({ url: config.databaseUrl, authToken: config.databaseAuthToken });
  try {
    await migrateDatabase(database.db);
    // Planner statistics where they are missing or stale (cheap when they are not).
    await database.client.execute('PRAGMA optimize');
    const access: DatabaseAccess = { read: database.db, write: (fn) => database.db.transaction(fn) };
    // A site with an EIA key shows no sample figure as current (market series, generation, state
    // prices): none is seeded, and any seeded before the key was set goes (the series stay, for
    // EIA's figures to fill).
    if (config.eiaApiKey) await removeDataSamples(database.db);
    if (options.seed && config.seed) {
      await seedDatabase(database.db, new Date(), { dataSamples: !config.eiaApiKey });
      await installSampleImages(loadSampleMedia(), access).catch((error: unknown) =>
        // The sample articles keep their plain images; the next start tries again.
        console.error(`Sample images were not put into the media library: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
    await relateNextArticles(RELATE_AT_START, access);
    await ensureAdmin(config.adminUsername, config.adminPassword, console.log, database.db, { name: config.adminName, email: config.adminEmail });
    // Said at start, not discovered at the first Test Connection or sign-in.
    const unreadable = await findUnreadableSecrets(database.db);
    if (unreadable.length > 0) console.error(unreadableSecretsMessage(unreadable));
  } finally {
    database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await prepareDatabase({ seed: !process.argv.includes('--no-seed') });
    console.log('Database ready.');
  } catch (error) {
    console.error(startupMessage(error));
    process.exit(1);
  }
}

/** A start-up failure as one line: what is wrong and what to do, never a stack. */
export function startupMessage(error: unknown): string {
  if (error instanceof DatabaseFileError) return error.message;
  const text = error instanceof Error ? error.message : String(error);
  return `Database: ${text.split('\n')[0] ?? text}`;
}
