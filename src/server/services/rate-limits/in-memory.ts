/**
 * A token bucket per client address, held in this process's memory: for reads, which must
 * not cost a database write each (the write-path limits of comments, contact and sign-in
 * stay in the database, shared by every process). Each address may spend `perMinute`
 * requests at once and gets them back at `perMinute` a minute. Behind several web processes
 * the cluster's primary keeps one for the whole machine, and each process takes from it
 * (`machineRateLimit`, rate-limits/machine.ts).
 *
 * Memory is bounded: at most `maxClients` buckets are kept, least recently used first out.
 * A bucket untouched for a minute is full again, the same as no bucket, so those go first;
 * past that (more than `maxClients` addresses in one minute) the least recent client is
 * forgotten and starts again with a full bucket: generous to it, never to an attacker who
 * stays on one address.
 */
export class MemoryRateLimiter {
  readonly #perMinute: number;
  readonly #maxClients: number;
  /** Tokens per ms. */
  readonly #rate: number;
  /** Insertion order is recency order: a used bucket is deleted and set again. */
  readonly #buckets = new Map<string, { tokens: number; at: number }>();
  readonly #oldest = new OldestEntry(this.#buckets);

  constructor(perMinute: number, maxClients = 10_000) {
    if (!(perMinute >= 1) || !(maxClients >= 1)) throw new RangeError('perMinute and maxClients must be at least 1');
    this.#perMinute = perMinute;
    this.#maxClients = maxClients;
    this.#rate = perMinute / 60_000;
  }

  /** Buckets held now (for tests and metrics). */
  get size(): number {
    return this.#buckets.size;
  }

  /**
   * Spends one request of `client` at `now` (ms). Answers 0 when it may go ahead, else the
   * ms until it may try again (nothing is spent then).
   */
  take(client: string, now: number = Date.now()): number {
    const { granted, waitMs } = this.takeUpTo(client, 1, 0, now);
    return granted === 1 ? 0 : waitMs;
  }

  /**
   * Spends up to `need` requests of `client` at `now`, and when all of them could be, up to
   * `extra` more while at least half the bucket would stay full (a lease a web process spends
   * without asking again, see rate-limits/machine.ts). Answers how many were spent, and when
   * fewer than `need`, the ms until the next one comes back.
   */
  takeUpTo(client: string, need: number, extra: number, now: number = Date.now()): { granted: number; waitMs: number } {
    let tokens = this.#takeBucket(client, now).tokens;
    let granted = Math.max(0, Math.min(need, Math.floor(tokens)));
    if (granted === need && extra > 0) granted += Math.max(0, Math.min(extra, Math.floor(tokens - granted - this.#perMinute / 2)));
    tokens -= granted;
    this.#buckets.set(client, { tokens, at: now });
    return { granted, waitMs: granted >= need ? 0 : Math.ceil((1 - tokens) / this.#rate) };
  }

  /**
   * Spends `tokens` of `client` at `now` whatever its bucket holds (requests a web process let
   * through before asking, see rate-limits/machine.ts): a bucket may go below empty, and the
   * client then waits until it is paid back.
   */
  spend(client: string, tokens: number, now: number = Date.now()): void {
    const { tokens: left, at } = this.#takeBucket(client, now);
    this.#buckets.set(client, { tokens: left - Math.max(0, tokens), at: Math.max(now, at) });
  }

  /** What `held` holds at `now`: its tokens and what came back since, up to a full bucket. */
  #refilled(held: { tokens: number; at: number }, now: number): number {
    return Math.min(this.#perMinute, held.tokens + Math.max(0, now - held.at) * this.#rate);
  }

  /** Takes `client`'s bucket out (to be set again, last in recency order) as it is at `now`; a new client gets a full one, after room is made. */
  #takeBucket(client: string, now: number): { tokens: number; at: number } {
    const held = this.#buckets.get(client);
    if (!held) {
      this.#makeRoom(now);
      return { tokens: this.#perMinute, at: now };
    }
    this.#buckets.delete(client);
    return { tokens: this.#refilled(held, now), at: held.at };
  }

  /** Gives `client` back `tokens` it was granted and did not spend (a lease's rest), up to a full bucket. */
  giveBack(client: string, tokens: number, now: number = Date.now()): void {
    const held = this.#buckets.get(client);
    if (!held || !(tokens > 0)) return;
    held.tokens = Math.min(this.#perMinute, this.#refilled(held, now) + tokens);
    held.at = Math.max(held.at, now);
  }

  /** Before a new client's bucket: drop the buckets full again (the oldest first), then, if none was, the least recent one. */
  #makeRoom(now: number): void {
    if (this.#buckets.size < this.#maxClients) return;
    // Recency order: once one bucket was used within the minute, so were all after it.
    for (let oldest = this.#oldest.peek(); oldest && now - oldest[1].at >= 60_000; oldest = this.#oldest.peek()) {
      this.#buckets.delete(oldest[0]);
    }
    if (this.#buckets.size < this.#maxClients) return;
    const leastRecent = this.#oldest.peek();
    if (leastRecent) this.#buckets.delete(leastRecent[0]);
  }
}

/**
 * The oldest entry of a Map kept in recency order (an entry used is deleted and set again
 * with a new value object), found in constant time however many entries went before it. A
 * new iterator over a Map steps over every deleted slot from the start (V8 leaves them until
 * the table is rebuilt), so taking the first key of a Map that loses its oldest entry on
 * every insert costs time in proportion to its size; a kept iterator passes each slot once.
 */
export class OldestEntry<K, V extends object> {
  readonly #map: Map<K, V>;
  #cursor: Iterator<[K, V]> | undefined;
  #head: [K, V] | undefined;

  constructor(map: Map<K, V>) {
    this.#map = map;
  }

  /** The oldest entry still in the map, or undefined when it is empty. */
  peek(): [K, V] | undefined {
    for (;;) {
      // The head still holds when its key still maps to the same value (used again, it has a new one, at the end).
      if (this.#head && this.#map.get(this.#head[0]) === this.#head[1]) return this.#head;
      this.#cursor ??= this.#map.entries();
      const next = this.#cursor.next();
      if (next.done) {
        this.#cursor = undefined;
        this.#head = undefined;
        return undefined;
      }
      this.#head = next.value;
    }
  }
}
