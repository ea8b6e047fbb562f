import type { Executor } from '@/server/db';
import { insertPagePurge } from '@/server/queries/page-purges';
import { bumpContentVersion } from '@/server/queries/site-state';
import { EVERY_PAGE_TAG } from '@/server/page-cache';

/**
 * For data a test arranged straight in the database (no service saw the change): logs a
 * purge of every page, as an operator's purge would, and moves the content version on (the
 * memo of counts), so every process renders its pages again.
 */
export async function purgeEveryPage(db: Executor): Promise<void> {
  await bumpContentVersion(db);
  await insertPagePurge([EVERY_PAGE_TAG], new Date(), db);
}

/**
 * Fetches a page until the answer is current: after a purge the first answers are the stale
 * page (`X-Cache: STALE`) while its new version renders in the background.
 */
export async function fetchCurrent(url: string, init?: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(url, init);
    if (response.headers.get('X-Cache') !== 'STALE') return response;
    if (attempt >= 1_000) throw new Error(`${url} stayed stale: its new version never rendered`);
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
