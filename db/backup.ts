import { copyFileSync, existsSync, mkdirSync, openSync, fsyncSync, closeSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

interface Native {
  prepare(sql: string): { raw(on: boolean): { all(...params: unknown[]): unknown[][] }; run(...params: unknown[]): unknown };
  exec(sql: string): void;
  close(): void;
}
const open = (path: string): Native =>
  new (createRequire(import.meta.url)('libsql') as new (p: string, o: { timeout: number }) => Native)(path, { timeout: 10_000 });

/** Why a file cannot be restored, or undefined when it is a sound database of this site. */
export function checkBackupFile(path: string): string | undefined {
  if (!existsSync(path) || !statSync(path).isFile()) return `${path} does not exist.`;
  let db: Native | undefined;
  try {
    db = open(path);
    const check = db.prepare('PRAGMA integrity_check').raw(true).all();
    const first = check.length > 0 ? String(check[0]?.[0]) : 'integrity_check failed';
    if (check.length !== 1 || first !== 'ok') return `${path} is damaged: ${first}.`;
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('__drizzle_migrations', 'articles')").raw(true).all();
    if (tables.length < 2) return `${path} is not a database of this site (no migrations or articles table).`;
    return undefined;
  } catch (error) {
    return `${path} is not a readable SQLite database (${error instanceof Error ? error.message : String(error)}).`;
  } finally {
    db?.close();
  }
}

/**
 * An online, consistent copy of a live database file (`VACUUM INTO` reads one snapshot,
 * while the site goes on serving), checked with `integrity_check`. Throws when the copy is
 * not sound (and removes it).
 */
export function backupDatabase(source: string, target: string): void {
  const to = resolve(target);
  if (existsSync(to)) throw new Error(`${to} exists already; choose another name.`);
  mkdirSync(dirname(to), { recursive: true });
  const db = open(source);
  try {
    db.prepare('VACUUM INTO ?').run(to);
  } finally {
    db.close();
  }
  const problem = checkBackupFile(to);
  if (problem) {
    rmSync(to, { force: true });
    throw new Error(`The backup failed its check: ${problem}`);
  }
}

/**
 * Replaces the database file with a checked backup in one rename: the backup is copied
 * beside it first (and synced), the old write-ahead log and index are removed, then the copy
 * takes the database's name. The site must be stopped meanwhile.
 */
export function restoreDatabase(backup: string, target: string): void {
  const problem = checkBackupFile(backup);
  if (problem) throw new Error(problem);
  const to = resolve(target);
  mkdirSync(dirname(to), { recursive: true });
  const temporary = `${to}.restoring`;
  copyFileSync(backup, temporary);
  const fd = openSync(temporary, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  rmSync(`${to}-wal`, { force: true });
  rmSync(`${to}-shm`, { force: true });
  renameSync(temporary, to);
}
