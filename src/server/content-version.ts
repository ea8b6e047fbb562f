import { createChangeStamp } from '@db/change-stamp';
import { appConfig } from '@/server/config';
import { getContentVersion } from '@/server/queries/site-state';

let changeStamp: (() => string | undefined) | undefined;
let known: { stamp: string; version: string } | undefined;
let pending: Promise<string> | undefined;

const stampNow = () => (changeStamp ??= createChangeStamp(appConfig().databaseUrl))();

/**
 * The content version when it is known without asking the database: nothing has been
 * committed to the (embedded) database, by any process, since it was last read. Else
 * undefined, and the caller reads it with `readContentVersion`.
 */
export function knownContentVersion(): string | undefined {
  if (!known) return undefined;
  return stampNow() === known.stamp ? known.version : undefined;
}

/**
 * The current content version. Known without a query while nothing was committed since the
 * last read; otherwise read from the database, one read shared by the requests that arrive
 * together: it is scheduled for the next turn of the event loop and every request that joins
 * before it runs gets its result. Each read starts after all of its requests arrived, so
 * none of them can see a version older than one committed before it came in.
 */
export function readContentVersion(): Promise<string> {
  const current = knownContentVersion();
  if (current !== undefined) return Promise.resolve(current);
  pending ??= new Promise<string>((resolve, reject) => {
    setImmediate(() => {
      pending = undefined;
      // The stamp is taken before the read: a commit in between only makes the next check read again.
      const stamp = stampNow();
      getContentVersion().then((version) => {
        known = stamp === undefined ? undefined : { stamp, version };
        resolve(version);
      }, reject);
    });
  });
  return pending;
}

const memo = new Map<string, Promise<unknown>>();
const MEMO_ENTRIES = 2_000;

/**
 * `compute()` once per content version and minute for each key (counts, totals): a list's
 * total is not counted again for every request, and is never older than the content. The
 * minute matters because scheduled articles fall due without any write.
 */
export async function cachedForContent<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const version = await readContentVersion();
  const full = `${version}|${Math.floor(Date.now() / 60_000)}|${key}`;
  let entry = memo.get(full) as Promise<T> | undefined;
  if (entry) {
    memo.delete(full);
  } else {
    entry = compute();
    // A failed computation is not remembered.
    entry.catch(() => memo.delete(full));
  }
  memo.set(full, entry);
  while (memo.size > MEMO_ENTRIES) {
    const oldest = memo.keys().next().value;
    if (oldest === undefined) break;
    memo.delete(oldest);
  }
  return entry;
}
