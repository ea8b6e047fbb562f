import { closeSync, openSync, readSync } from 'node:fs';
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
