/**
 * A token bucket per client address, held in this process's memory: for reads, which must
 * not cost a database write each (the write-path limits of comments, contact and sign-in
 * stay in the database, shared by every process). Each address may spend `perMinute`
 * requests at once and gets them back at `perMinute` a minute. The limit is per process:
 * behind N web processes an address may reach N times it.
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
    const held = this.#buckets.get(client);
    let tokens = this.#perMinute;
    if (held) {
      tokens = Math.min(this.#perMinute, held.tokens + Math.max(0, now - held.at) * this.#rate);
      this.#buckets.delete(client);
    } else {
      this.#makeRoom(now);
    }
    if (tokens >= 1) {
      this.#buckets.set(client, { tokens: tokens - 1, at: now });
      return 0;
    }
    this.#buckets.set(client, { tokens, at: now });
    return Math.ceil((1 - tokens) / this.#rate);
  }

  /** Before a new client's bucket: drop the buckets full again (the oldest first), then, if none was, the least recent one. */
  #makeRoom(now: number): void {
    if (this.#buckets.size < this.#maxClients) return;
    for (const [client, bucket] of this.#buckets) {
      // Recency order: once one bucket was used within the minute, so were all after it.
      if (now - bucket.at < 60_000) break;
      this.#buckets.delete(client);
    }
    if (this.#buckets.size < this.#maxClients) return;
    const leastRecent = this.#buckets.keys().next();
    if (!leastRecent.done) this.#buckets.delete(leastRecent.value);
  }
}
