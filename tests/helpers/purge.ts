import { sql } from 'drizzle-orm';
import { bumpPurgeStamp } from '@db/change-stamp';
import type { Executor } from '@/server/db';
import { insertPagePurge } from '@/server/queries/page-purges';
import { bumpContentVersion } from '@/server/queries/site-state';
import { EVERY_PAGE_TAG } from '@/server/cache/page-cache';
import { untilCurrent } from './current.ts';

/**
 * For data a test arranged straight in the database (no service saw the change): logs a
 * purge of every page, as an operator's purge would, and moves the content version on (the
 * memo of counts), so every process renders its pages again.
 */
export async function purgeEveryPage(db: Executor): Promise<void> {
  await bumpContentVersion(db);
  await insertPagePurge([EVERY_PAGE_TAG], new Date(), db);
  await purgeCommitted(db);
}

/**
 * After a purge a test logged straight in the database committed: changes the purge stamp
 * beside the database file, as the site's own writers do (`shareInBackground`), so the web
 * processes read the log before their next answer.
 */
export async function purgeCommitted(db: Executor): Promise<void> {
  const files = await db.all<{ name: string; file: string }>(sql`PRAGMA database_list`);
  const file = files.find((f) => f.name === 'main')?.file;
  if (file) bumpPurgeStamp(`file:${file}`);
}

/**
 * Fetches a page until the answer is current: after a purge the first answers are the stale
 * page (`X-Cache: STALE`) while its new version renders in the background.
 */
export function fetchCurrent(url: string, init?: RequestInit): Promise<Response> {
  return untilCurrent(
    url,
    () => fetch(url, init),
    async (response) => {
      const cache = response.headers.get('X-Cache');
      // A stale answer's body is not read: let it go.
      if (cache === 'STALE') await response.arrayBuffer();
      return cache;
    },
  );
}
