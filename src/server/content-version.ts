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

/**
 * Computed values by key for one generation (a content version and minute) and the one before
 * it, at most `maxEntries` in all, the least recently used forgotten first. A value of an older
 * generation can never be asked for again (every key a generation computes starts anew in the
 * next), so it is dropped at once rather than kept until the count pushes it out: under random
 * reads (every page of every series and state range) the memo held up to its whole count of
 * outdated series histories, the primary's render thread growing by hundreds of MB.
 */
export class GenerationMemo {
  #current = { id: '', entries: new Map<string, Promise<unknown>>() };
  #previous: { id: string; entries: Map<string, Promise<unknown>> } | undefined;

  readonly maxEntries: number;

  constructor(maxEntries: number) {
    this.maxEntries = maxEntries;
  }

  /** Values held now (for tests and metrics). */
  get size(): number {
    return this.#current.entries.size + (this.#previous?.entries.size ?? 0);
  }

  /** `compute()` once per generation and key, while it is remembered. */
  get<T>(generation: string, key: string, compute: () => Promise<T>): Promise<T> {
    if (generation !== this.#current.id && generation !== this.#previous?.id) {
      this.#previous = this.#current;
      this.#current = { id: generation, entries: new Map() };
    }
    const { entries } = generation === this.#current.id ? this.#current : (this.#previous ?? this.#current);
    let entry = entries.get(key) as Promise<T> | undefined;
    if (entry) {
      entries.delete(key);
    } else {
      entry = compute();
      // A failed computation is not remembered.
      const failed = entry;
      failed.catch(() => {
        if (entries.get(key) === failed) entries.delete(key);
      });
    }
    entries.set(key, entry);
    while (this.size > this.maxEntries) {
      const oldest = this.#previous?.entries.size ? this.#previous.entries : this.#current.entries;
      const first = oldest.keys().next().value;
      if (first === undefined) break;
      oldest.delete(first);
    }
    return entry;
  }
}

const memo = new GenerationMemo(2_000);

/**
 * `compute()` once per content version and minute for each key (counts, totals): a list's
 * total is not counted again for every request, and is never older than the content. The
 * minute matters because scheduled articles fall due without any write.
 */
export async function cachedForContent<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const version = await readContentVersion();
  return memo.get(`${version}|${Math.floor(Date.now() / 60_000)}`, key, compute);
}
