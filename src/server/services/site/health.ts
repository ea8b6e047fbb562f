import { statSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeTransaction } from '@/server/db';
import { roomForWritesAgain, writesRefusedForFullDisk } from '@/server/errors';
import { countAppliedMigrations, hasFreePage } from '@/server/queries/maintenance';

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

/** Free space the disk must have again before writes count as possible after a full disk: a few pages and a journal. */
const ROOM_BYTES = 1024 * 1024;

/**
 * After a write was refused for a full disk: whether there is room again, on the writer's own connection (free pages
 * inside the file, or pages left under its DATABASE_MAX_MB cap) and on the disk of an embedded file.
 */
async function roomAgain(databasePath: string | undefined): Promise<boolean> {
  if (!(await writeTransaction((tx) => hasFreePage(tx)))) return false;
  if (databasePath === undefined) return true;
  const disk = await statfs(dirname(databasePath));
  return disk.bavail * disk.bsize >= ROOM_BYTES;
}

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
 * alive, the write lock obtainable), each within 2 s; and writes are not being refused for a full disk (the last
 * refusal was for a full disk and there is no room yet).
 */
export async function checkReadiness(expectedMigrations: number, databaseFile?: () => string | undefined, databasePath?: string): Promise<Readiness> {
  const file = databaseFile?.();
  if (writesRefusedForFullDisk() && (await withTimeout(roomAgain(databasePath), 'The database writer').catch(() => false))) roomForWritesAgain();
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
  const writes = writesRefusedForFullDisk()
    ? 'Writes are refused: the disk is full (or the database reached DATABASE_MAX_MB)'
    : writer.status === 'fulfilled'
      ? 'ok'
      : problemOf(writer.reason);
  return { ready: database === 'ok' && migrated === 'ok' && writes === 'ok', checks: { database, migrations: migrated, writer: writes } };
}
