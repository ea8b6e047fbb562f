import { accessSync, constants, existsSync, openSync, readSync, closeSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { filePathOf } from './backends/worker-threads.ts';
import { isFileUrl } from './client.ts';

/** A database file the site cannot use: `message` is one line naming the setting and what to do. */
export class DatabaseFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseFileError';
  }
}

const HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** The nearest existing folder above (and including) `path`, and whether a plain file stands in the way. */
function nearestExisting(path: string): { folder: string; blockedBy?: string } {
  let current = resolve(path);
  for (;;) {
    const stat = statSync(current, { throwIfNoEntry: false });
    if (stat) return stat.isDirectory() ? { folder: current } : { folder: dirname(current), blockedBy: current };
    const parent = dirname(current);
    if (parent === current) return { folder: current };
    current = parent;
  }
}

/**
 * Checks, before anything opens it, that an embedded database file can be used: its folder
 * exists or can be made, the file (when there is one) is readable and writable, is an SQLite
 * database, and passes `PRAGMA quick_check`. Throws DatabaseFileError with one clear line.
 * A libSQL server is not checked here.
 */
export function checkDatabaseFile(url: string): void {
  if (!isFileUrl(url)) return;
  const path = resolve(filePathOf(url));
  const setting = `DATABASE_URL (${url})`;
  if (!existsSync(path)) {
    const { folder, blockedBy } = nearestExisting(dirname(path));
    if (blockedBy) throw new DatabaseFileError(`${setting}: ${blockedBy} is a file, not a folder; point DATABASE_URL at a path inside a folder.`);
    try {
      accessSync(folder, constants.W_OK);
    } catch {
      throw new DatabaseFileError(`${setting}: the folder ${folder} is not writable; make it writable or point DATABASE_URL elsewhere.`);
    }
    return;
  }
  const stat = statSync(path);
  if (!stat.isFile()) throw new DatabaseFileError(`${setting}: ${path} is not a file; point DATABASE_URL at a database file.`);
  try {
    accessSync(path, constants.R_OK | constants.W_OK);
    accessSync(dirname(path), constants.W_OK);
  } catch {
    throw new DatabaseFileError(`${setting}: ${path} (or its folder) is read-only; the site must write its database: fix the permissions.`);
  }
  if (stat.size === 0) return;
  const header = Buffer.alloc(HEADER.length);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, header, 0, header.length, 0);
  } finally {
    closeSync(fd);
  }
  if (!header.equals(HEADER)) {
    throw new DatabaseFileError(
      `${setting}: ${path} is not an SQLite database; restore a backup (npm run db:restore) or point DATABASE_URL elsewhere.`,
    );
  }
  const Database = createRequire(import.meta.url)('libsql') as new (
    p: string,
    o: { timeout: number },
  ) => {
    prepare(sql: string): { raw(on: boolean): { all(): unknown[][] } };
    close(): void;
  };
  let problems: string[];
  try {
    const db = new Database(path, { timeout: 10_000 });
    try {
      problems = db
        .prepare('PRAGMA quick_check')
        .raw(true)
        .all()
        .map((row) => String(row[0]));
    } finally {
      db.close();
    }
  } catch (error) {
    problems = [error instanceof Error ? error.message : String(error)];
  }
  if (problems.length !== 1 || problems[0] !== 'ok') {
    throw new DatabaseFileError(`${setting}: ${path} is damaged (${problems[0] ?? 'quick_check failed'}); restore a backup with npm run db:restore.`);
  }
}
