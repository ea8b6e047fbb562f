import { statSync } from 'node:fs';
import { writeTransaction } from '@/server/db';
import { countAppliedMigrations } from '@/server/queries/maintenance';

/** How long each readiness check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 2_000;

export interface Readiness {
  ready: boolean;
  checks: { database: string; migrations: string; writer: string };
}

const withTimeout = <T>(work: Promise<T>, what: string): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref(),
    ),
  ]);

const problemOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Watches the embedded database file from now on: the check answers a problem when the file
 * at the path is gone (a volume lost) or another file (a restore copied over it), since the
 * process would then read and write a file nobody else sees, until it restarts.
 */
export function watchDatabaseFile(path: string): () => string | undefined {
  const identityOf = () => {
    const stat = statSync(path);
    return `${stat.dev}:${stat.ino}`;
  };
  let opened: string | undefined;
  try {
    opened = identityOf();
  } catch {
    opened = undefined;
  }
  return () => {
    try {
      const now = identityOf();
      opened ??= now;
      return now === opened ? undefined : `The database file ${path} was replaced since this process opened it`;
    } catch {
      return `The database file ${path} is gone`;
    }
  };
}

/**
 * Whether this process can serve: the database file (when embedded) is the one it opened,
 * the database answers a read, has applied every migration
 * this build ships (`expectedMigrations`), and the writer commits a transaction (its thread
 * alive, the write lock obtainable), each within 2 s.
 */
export async function checkReadiness(expectedMigrations: number, databaseFile?: () => string | undefined): Promise<Readiness> {
  const file = databaseFile?.();
  const [migrations, writer] = await Promise.allSettled([
    withTimeout(countAppliedMigrations(), 'The database'),
    withTimeout(
      writeTransaction(() => Promise.resolve()),
      'The database writer',
    ),
  ]);
  const database = file ?? (migrations.status === 'fulfilled' ? 'ok' : problemOf(migrations.reason));
  const migrated =
    migrations.status !== 'fulfilled'
      ? 'unknown'
      : migrations.value >= expectedMigrations
        ? 'ok'
        : `${migrations.value} of ${expectedMigrations} migrations applied`;
  const writes = writer.status === 'fulfilled' ? 'ok' : problemOf(writer.reason);
  return { ready: database === 'ok' && migrated === 'ok' && writes === 'ok', checks: { database, migrations: migrated, writer: writes } };
}
