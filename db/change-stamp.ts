import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, readSync, writeSync } from 'node:fs';
import { filePathOf } from './backends/worker-threads.ts';
import { isFileUrl } from './client.ts';

/** The file of an embedded database's URL; undefined for a libSQL server. */
export function databaseFilePath(url: string): string | undefined {
  return isFileUrl(url) ? filePathOf(url) : undefined;
}

/** Bytes of the WAL-index header that change with every commit: iChange, mxFrame, salts and checksums. */
const HEADER_BYTES = 48;

/**
 * A cheap test of whether anything was committed to an embedded database since a moment:
 * reads the WAL-index header at the start of its `-shm` file (SQLite's documented WAL
 * format, which libSQL keeps), whose change counter, frame count and salts move with every
 * commit by any connection of any process. One small read, no query, no thread hop.
 *
 * Returns a function answering the current stamp, or undefined when no stamp can be had (a
 * libSQL server, or no `-shm` file yet): then every caller must ask the database.
 */
export function createChangeStamp(url: string): () => string | undefined {
  if (!isFileUrl(url)) return () => undefined;
  const path = `${filePathOf(url)}-shm`;
  const buffer = Buffer.alloc(HEADER_BYTES);
  let fd: number | undefined;
  return () => {
    try {
      fd ??= openSync(path, 'r');
      return readSync(fd, buffer, 0, HEADER_BYTES, 0) === HEADER_BYTES ? buffer.toString('latin1') : undefined;
    } catch {
      // Not created yet, or replaced (a restore): try afresh next time.
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
      return undefined;
    }
  };
}

/** Bytes of a purge stamp: random, so two processes' stamps never collide. */
const PURGE_STAMP_BYTES = 16;

/** The purge stamp's file of an embedded database (beside it); undefined for a libSQL server. */
const purgeStampPath = (url: string) => (isFileUrl(url) ? `${filePathOf(url)}-purges` : undefined);

/**
 * A cheap test of whether a page purge was logged since a moment, blind to every other commit
 * (the readership's batch each second, sessions, comments): the stamp in a small file beside an
 * embedded database, which every process that logs a purge changes after it commits it
 * (`bumpPurgeStamp`). One small read, no query. The file is made if missing. Answers undefined
 * when no stamp can be had (a libSQL server, or the file cannot be opened).
 */
export function createPurgeStamp(url: string): () => string | undefined {
  const path = purgeStampPath(url);
  if (path === undefined) return () => undefined;
  const buffer = Buffer.alloc(PURGE_STAMP_BYTES);
  let fd: number | undefined;
  return () => {
    try {
      fd ??= openSync(path, 'a+');
      return buffer.toString('latin1', 0, readSync(fd, buffer, 0, PURGE_STAMP_BYTES, 0));
    } catch {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
      return undefined;
    }
  };
}

/**
 * Says a purge was committed (call it after the commit): writes a new random stamp in place, so
 * every process's purge follower reads the log before its next answer from memory. A failure is
 * logged, not thrown: the followers also read the log now and then whatever the stamp says.
 */
export function bumpPurgeStamp(url: string): void {
  const path = purgeStampPath(url);
  if (path === undefined) return;
  try {
    const fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o644);
    try {
      writeSync(fd, randomBytes(PURGE_STAMP_BYTES), 0, PURGE_STAMP_BYTES, 0);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    console.error(JSON.stringify({ event: 'purge_stamp_failed', message: error instanceof Error ? error.message : String(error) }));
  }
}
