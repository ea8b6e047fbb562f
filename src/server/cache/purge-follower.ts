import { getPagePurgeRange, listPagePurgesAfter } from '@/server/queries/page-purges';
import { EVERY_PAGE_TAG, type PageCache } from '@/server/cache/page-cache';

const BATCH = 500;

/** With a purge stamp: how long the log goes unread while other commits come (in case a process died between a purge's commit and its stamp). */
export const PURGE_FALLBACK_MS = 5_000;

/**
 * Follows the purge log for one process's page cache: every purge committed by any process
 * is applied here (its pages marked stale) before a page is answered from memory. Whether
 * anything was committed since the last look is known without a query on an embedded
 * database; then one read, shared by the requests that arrive together, fetches what is new.
 * With a purge stamp (`purgeStamp`: a file beside the database that every process that logs a
 * purge changes after committing it, `createPurgeStamp`), only a purge makes the next answer
 * read the log: the readership's batch every second, sessions and comments do not. Other
 * commits (the database's WAL index header, `stamp`) make it read at most once per
 * `fallbackMs`, so a purge whose process died before changing the stamp still takes effect.
 * Without a purge stamp, any commit makes the next answer read; without either (a libSQL
 * server), every `sync` reads, at most once per `pollMs`.
 */
export class PurgeFollower {
  readonly #cache: PageCache;
  readonly #stamp: () => string | undefined;
  readonly #purgeStamp: (() => string | undefined) | undefined;
  readonly #pollMs: number;
  readonly #fallbackMs: number;
  #lastId: number | undefined;
  #seenStamp: string | undefined;
  #seenPurgeStamp: string | undefined;
  /** Reads of the log so far (for tests and metrics). */
  reads = 0;
  #readAt = 0;
  #pending: Promise<void> | undefined;
  /** The read of the log under way, if any: reads run one after another, so none applies a row twice. */
  #reading: Promise<void> | undefined;
  /** The stamps as read in this turn of the event loop (undefined: not read yet this turn; `value` read only when needed). */
  #turnStamp: { purge: string | undefined; value?: string | undefined } | undefined;
  readonly #endTurn = () => (this.#turnStamp = undefined);

  constructor(
    cache: PageCache,
    stamp: () => string | undefined,
    options: { pollMs?: number; purgeStamp?: () => string | undefined; fallbackMs?: number } = {},
  ) {
    this.#cache = cache;
    this.#stamp = stamp;
    this.#purgeStamp = options.purgeStamp;
    this.#pollMs = options.pollMs ?? 1_000;
    this.#fallbackMs = options.fallbackMs ?? PURGE_FALLBACK_MS;
  }

  /**
   * Whether every purge committed so far has been applied: answered without a query, from the
   * stamp read once per turn of the event loop (a read of the file is most of what a page from
   * memory costs the front). That is enough for every request answered in the turn: requests
   * arrive in its poll phase, after the kernel said their bytes were there, and a request sent
   * after a commit (a reader who saw the save answered) has its bytes there only after the
   * commit, so the first reading in the turn, taken after the poll, already shows the commit.
   */
  current(): boolean {
    if (this.#lastId === undefined) return false;
    if (!this.#turnStamp) {
      this.#turnStamp = { purge: this.#purgeStamp?.() };
      setImmediate(this.#endTurn);
    }
    const turn = this.#turnStamp;
    const sinceRead = Date.now() - this.#readAt;
    if (turn.purge !== undefined) {
      if (turn.purge !== this.#seenPurgeStamp) return false;
      if (sinceRead < this.#fallbackMs) return true;
    }
    if (!('value' in turn)) turn.value = this.#stamp();
    if (turn.value === undefined) return sinceRead < this.#pollMs;
    return turn.value === this.#seenStamp;
  }

  /** The id of the last purge applied (undefined before the first look at the log). */
  get appliedThrough(): number | undefined {
    return this.#lastId;
  }

  /** Applies the purges committed since the last look; requests that arrive together share one read. */
  sync(): Promise<void> {
    if (this.current()) return Promise.resolve();
    this.#pending ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        this.#pending = undefined;
        this.#readInTurn().then(resolve, reject);
      });
    });
    return this.#pending;
  }

  /**
   * Applies every purge up to the logged purge `id`, one already committed (a write settling
   * its purge, see `settle.ts`): reads the log whatever the stamp says, once the read under
   * way (which may have begun before the commit) is done.
   */
  async applyThrough(id: number): Promise<void> {
    for (let reads = 0; (this.#lastId ?? -1) < id; reads++) {
      if (reads === 3) throw new Error(`The purge log holds no purge ${id} yet.`);
      await this.#readInTurn();
    }
  }

  /** One read of the log, after the one under way. */
  #readInTurn(): Promise<void> {
    // `#reading` never rejects: a failed read fails its own callers only.
    const read = (this.#reading ?? Promise.resolve()).then(() => this.#read());
    const done: Promise<void> = read.then(
      () => {
        if (this.#reading === done) this.#reading = undefined;
      },
      () => {
        if (this.#reading === done) this.#reading = undefined;
      },
    );
    this.#reading = done;
    return read;
  }

  async #read(): Promise<void> {
    // The stamps are taken before the read: a commit in between only makes the next look read again.
    const purgeStamp = this.#purgeStamp?.();
    const stamp = this.#stamp();
    const readAt = Date.now();
    this.reads++;
    if (this.#lastId === undefined) {
      // A process starts with an empty cache: only what comes after now matters.
      this.#lastId = (await getPagePurgeRange()).last;
    } else {
      for (;;) {
        const rows = await listPagePurgesAfter(this.#lastId, BATCH);
        // Entries this process never saw were pruned (it slept through them): every page may be stale.
        if (rows[0] && rows[0].id > this.#lastId + 1) this.#cache.purge([EVERY_PAGE_TAG]);
        for (const row of rows) this.#cache.purge(row.tags);
        this.#lastId = rows.at(-1)?.id ?? this.#lastId;
        if (rows.length < BATCH) break;
      }
    }
    this.#seenStamp = stamp;
    this.#seenPurgeStamp = purgeStamp;
    this.#readAt = readAt;
    // A reading taken now is as good for the rest of the turn as the turn's first one.
    if (this.#turnStamp) this.#turnStamp = { purge: purgeStamp, value: stamp };
  }
}
