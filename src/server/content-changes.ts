// Content changes, under every domain: a service that changed what readers see says so here
// (`contentChanged`), in the transaction's wake. The change is logged as a purge of the pages'
// tags; every process's page cache follows that log (src/server/cache/purge-follower.ts) and the
// shared cache in front is told, so no service calls a cache itself.
import { bumpPurgeStamp } from '@db/change-stamp';
import { settleEverywhere } from '@/server/cache/settle';
import { tagsToPurge, type ContentChange } from '@/server/cache/tags';
import { appConfig, loadConfig } from '@/server/config';
import { writeTransaction, type Executor } from '@/server/db';
import { sharedCachePurger, type SharedCachePurger } from '@/server/integrations/shared-cache';
import { insertPagePurge, listUnsharedPagePurges, markPagePurgesShared } from '@/server/queries/page-purges';
import { bumpContentVersion } from '@/server/queries/site-state';
import { recordPurgeSent } from '@/server/metrics';

const HOOK_TIMEOUT_MS = 5_000;

/** What REBUILD_HOOK_URL is told of a change. */
export interface ChangeEvent {
  entity: string;
  id?: number;
  ids?: number[];
  action: 'created' | 'updated' | 'deleted' | 'published';
}

/**
 * POSTs an event to REBUILD_HOOK_URL when set, with a timeout; resolves when it was answered
 * or failed (a failure is logged, never thrown). A redirect is never followed: the POST goes
 * to the configured address and nowhere else.
 */
export async function notifyRebuildHook(event: ChangeEvent | Record<string, unknown>): Promise<void> {
  const hook = loadConfig().rebuildHookUrl;
  if (!hook) return;
  try {
    const response = await fetch(hook, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ event: 'content.changed', ...event, at: new Date().toISOString() }),
      signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
      redirect: 'manual',
    });
    if (response.status >= 300 && response.status < 400) {
      console.error(
        `Rebuild hook answered a redirect (${response.status} to ${response.headers.get('Location') ?? 'nowhere'}); not followed. Set REBUILD_HOOK_URL to the final address.`,
      );
    } else if (!response.ok) console.error(`Rebuild hook answered ${response.status}.`);
  } catch (error) {
    console.error('Rebuild hook failed:', error instanceof Error ? error.message : error);
  }
}

let purger: SharedCachePurger | null | undefined;
/** The configured shared cache's purger, or null when none is configured. */
function sharedPurger(): SharedCachePurger | null {
  if (purger === undefined) {
    const shared = appConfig().sharedCache;
    purger = shared ? sharedCachePurger(shared) : null;
  }
  return purger;
}

/**
 * Tells the shared cache in front of the site, when one is configured, of logged purges;
 * records the ones it took. A failure is logged and counted, and the purge stays unsent for
 * `sendUnsharedPurges` to try again.
 */
async function sharePurges(purges: readonly { id: number; tags: readonly string[] }[], options: { hard?: boolean } = {}): Promise<void> {
  const purge = sharedPurger();
  if (!purge || purges.length === 0) return;
  const tags = [...new Set(purges.flatMap((p) => p.tags))];
  try {
    await purge(tags, options);
    recordPurgeSent(true);
    await writeTransaction((tx) =>
      markPagePurgesShared(
        purges.map((p) => p.id),
        new Date(),
        tx,
      ),
    );
  } catch (error) {
    recordPurgeSent(false);
    console.error(JSON.stringify({ event: 'shared_cache_purge_failed', message: error instanceof Error ? error.message : String(error), tags }));
  }
}

/** A purge written to the log: its id and tags. */
export interface LoggedPurge {
  id: number;
  tags: readonly string[];
}

/**
 * Inside a write transaction: logs the purge of the pages these changes make stale (every
 * web process marks them stale in its own cache as soon as it sees the entry, and renders
 * each again once, in the background, when it is next asked for) and moves the content
 * version on (the memo of counts and totals). Logged with the change, it is never lost. After
 * the commit, call `shareInBackground` (or `contentChanged` does it all).
 */
export async function logPurge(changes: readonly ContentChange[], tx: Executor): Promise<LoggedPurge> {
  const tags = [...new Set(changes.flatMap(tagsToPurge))];
  // Counts and totals change with content, not with the related stories a page names.
  if (changes.some((change) => change.kind !== 'related')) await bumpContentVersion(tx);
  return { id: await insertPagePurge(tags, new Date(), tx), tags };
}

/**
 * After a purge's transaction committed: tells every process of the machine's page cache to read
 * the log (`bumpPurgeStamp`: the readership's commits and other writes do not make them read it).
 */
function purgeCommitted(): void {
  bumpPurgeStamp(appConfig().databaseUrl);
}

/** After a logged purge committed: tells the page caches (`purgeCommitted`) and, in the background, the shared cache in front (a failure is retried by a job). */
export function shareInBackground(purge: LoggedPurge): void {
  purgeCommitted();
  void sharePurges([purge]);
}

/** How long a write waits for the shared cache in front to drop the pages it changed before it is answered anyway (logged). */
export const SHARED_PURGE_WAIT_MS = 2_000;

/**
 * Has the shared cache in front drop the purge's pages (hard: gone, not kept stale), waiting at
 * most SHARED_PURGE_WAIT_MS; past that the purge goes on in the background, and one that fails
 * is sent again by a job.
 */
async function shareBeforeAnswer(purge: LoggedPurge): Promise<void> {
  const began = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    sharePurges([purge], { hard: true }).then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), SHARED_PURGE_WAIT_MS))),
  ]);
  clearTimeout(timer);
  if (!inTime) console.error(JSON.stringify({ event: 'shared_cache_purge_late', purge: purge.id, waitedMs: Date.now() - began }));
}

/**
 * After content readers see changed: logs the purge of the pages that show it (see
 * `logPurge`), waits until every web process answers the new pages (`settleEverywhere`: a
 * write is answered only once a read after it cannot get the old page from memory), then
 * until the shared cache in front dropped them (a hard purge of the changed pages, at most
 * SHARED_PURGE_WAIT_MS: a reader through it right after gets the new page, which the origin
 * answers from memory), and POSTs to REBUILD_HOOK_URL when set, in the background. The shared
 * cache is told after the processes settled, so what it fetches again is the new page.
 * Several changes (an import that touched several kinds of data) make one purge. Purges that
 * no one waits on (scheduled publishing, related stories) stay soft (`shareInBackground`).
 */
export async function contentChanged(event: ChangeEvent, change: ContentChange | readonly ContentChange[]): Promise<void> {
  const purge = await writeTransaction((tx) => logPurge(Array.isArray(change) ? change : [change], tx));
  purgeCommitted();
  await settleEverywhere(purge.id);
  await shareBeforeAnswer(purge);
  void notifyRebuildHook(event);
}

/** Purges older than this that no shared cache took are sent again by the job. */
const RESEND_AFTER_MS = 10_000;

/** Sends the purges a shared cache has not taken yet (the job's retry); answers how many there were. */
export async function sendUnsharedPurges(now: Date = new Date()): Promise<number> {
  if (!sharedPurger()) return 0;
  const pending = await listUnsharedPagePurges(new Date(now.getTime() - RESEND_AFTER_MS), 500);
  await sharePurges(pending);
  return pending.length;
}
