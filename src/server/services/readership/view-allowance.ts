import { OldestEntry } from '@/server/services/rate-limits/in-memory';

/** One address adds at most this many views of one story a day (one in any repeat window). */
export const VIEWS_PER_ADDRESS_STORY_DAY = 4;

/** What this process remembers of one client's views of one story: when one last counted, on which day, and how many that day. */
interface Seen {
  at: number;
  day: string;
  views: number;
}

/** The caps on one client's views of a story: one in a repeat window, a few a day. */
export interface ViewCaps {
  /** A client's views of one story count once in this window. */
  repeatWindowMs?: number;
  /** A client's views of one story counted a day (VIEWS_PER_ADDRESS_STORY_DAY). */
  perStoryDay?: number;
  /** Distinct client–story pairs remembered for the day; past it the least recent is forgotten. */
  maxRemembered?: number;
}

/** What the caps say of one view: it counts, or it repeats the client's view of the story. */
export type Allowance = { result: 'counted' | 'repeat' };

/**
 * The caps on each client's views (`ViewCaps`), kept in memory: by each web process for the
 * views it answers, and by the cluster's primary for the whole machine (a process's views
 * are checked there again before they are written, see `ViewCounter`). Memory is bounded by
 * `maxRemembered` pairs. A client's views a minute (the 429) are not its part: `ViewCounter`
 * holds that limit (`machineRateLimit` behind several processes, whose primary so never
 * counts the minute twice).
 */
export class ViewAllowance {
  readonly #repeatWindowMs: number;
  readonly #perStoryDay: number;
  readonly #maxRemembered: number;
  /** Client–story pairs by when they were last counted; insertion order is recency order. */
  readonly #recent = new Map<string, Seen>();
  readonly #oldest = new OldestEntry(this.#recent);

  constructor(caps: ViewCaps = {}) {
    this.#repeatWindowMs = caps.repeatWindowMs ?? 15 * 60_000;
    this.#perStoryDay = caps.perStoryDay ?? VIEWS_PER_ADDRESS_STORY_DAY;
    this.#maxRemembered = caps.maxRemembered ?? 100_000;
  }

  /** Client–story pairs remembered now (for tests). */
  get remembered(): number {
    return this.#recent.size;
  }

  /** Counts `client`'s view of `articleId` on `day` at `now` (ms) against its caps. */
  take(client: string, articleId: number, day: string, now: number): Allowance {
    if (this.repeats(client, articleId, day, now)) return { result: 'repeat' };
    this.count(client, articleId, day, now);
    return { result: 'counted' };
  }

  /** Whether `client`'s view of `articleId` on `day` at `now` repeats one counted (in the repeat window, or past the day's cap). */
  repeats(client: string, articleId: number, day: string, now: number): boolean {
    const seen = this.#recent.get(`${client}|${articleId}`);
    return seen?.day === day && (now - seen.at < this.#repeatWindowMs || seen.views >= this.#perStoryDay);
  }

  /** Remembers `client`'s view of `articleId` on `day` at `now` as counted (the caller checked `repeats`, and the client's limit). */
  count(client: string, articleId: number, day: string, now: number): void {
    const pair = `${client}|${articleId}`;
    const seen = this.#recent.get(pair);
    this.#remember(pair, { at: now, day, views: (seen?.day === day ? seen.views : 0) + 1 });
  }

  /** Remembers a counted pair: pairs of past days (the least recent first) make room, else the least recent one goes. */
  #remember(pair: string, seen: Seen): void {
    this.#recent.delete(pair);
    if (this.#recent.size >= this.#maxRemembered) {
      // Recency order: once one pair was counted today, so were all after it.
      for (let oldest = this.#oldest.peek(); oldest && oldest[1].day !== seen.day; oldest = this.#oldest.peek()) this.#recent.delete(oldest[0]);
      const leastRecent = this.#recent.size >= this.#maxRemembered ? this.#oldest.peek() : undefined;
      if (leastRecent) this.#recent.delete(leastRecent[0]);
    }
    this.#recent.set(pair, seen);
  }
}

/** A view a process counted, as it asks the machine's caps about it before the write (`ViewCounter`'s `confirm`). */
export interface ViewClaim {
  client: string;
  articleId: number;
  day: string;
  at: number;
}
