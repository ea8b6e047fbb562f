import type { DayCount } from '@/server/queries/readership';
import { MemoryRateLimiter } from '@/server/services/rate-limits/in-memory';

/** What one batch writes: the views added up per day and article, referring host and mail campaign. */
export interface ViewBatch {
  articles: DayCount<number>[];
  referrers: DayCount<string>[];
  campaigns: DayCount<string>[];
}

/** One view to count: the day it falls on (US Eastern), the article, and where it came from. */
export interface CountedView {
  day: string;
  articleId: number;
  referrer?: string | undefined;
  campaign?: string | undefined;
}

/** Whether a view was counted, was the same client's view of the same story again, or came past the client's limit (`waitMs` until it may). */
export type ViewOutcome = { counted: true } | { counted: false; repeat: true } | { counted: false; waitMs: number };

export interface ViewCounterOptions {
  /** Writes one batch (in one database transaction); a batch it refuses is kept for the next try. */
  write: (batch: ViewBatch) => Promise<void>;
  /** How often pending views are written. */
  intervalMs?: number;
  /** A client's views of one story count once in this window. */
  repeatWindowMs?: number;
  /** Views a client may add a minute (each process). */
  perClientPerMinute?: number;
  /** Distinct client–story pairs remembered for the repeat window; past it the least recent is forgotten. */
  maxRemembered?: number;
  /** Distinct keys held between two writes; views past it are dropped until the next write. */
  maxPending?: number;
}

const add = <K extends string | number>(into: Map<string, DayCount<K>>, day: string, key: K, views: number) => {
  const id = `${day}|${key}`;
  const held = into.get(id);
  if (held) held.views += views;
  else into.set(id, { day, key, views });
};

/**
 * A web process's readership counts, held in memory and written in one batch every few
 * seconds (and on shutdown), so a page view costs no database write of its own and a
 * cached page stays cached. Nothing about the client is kept but, for the repeat window,
 * its address beside the story's id in memory, never written anywhere.
 *
 * Abuse: a client's views of one story count once per `repeatWindowMs` (15 minutes), and a
 * client adds at most `perClientPerMinute` views a minute (30); both are per process, so
 * behind N web processes a client may reach N times that. Memory is bounded by
 * `maxRemembered` pairs and `maxPending` keys.
 */
export class ViewCounter {
  readonly #write: (batch: ViewBatch) => Promise<void>;
  readonly #intervalMs: number;
  readonly #repeatWindowMs: number;
  readonly #maxRemembered: number;
  readonly #maxPending: number;
  readonly #perClient: MemoryRateLimiter;
  /** Client–story pairs by when they were last counted; insertion order is recency order. */
  readonly #recent = new Map<string, number>();
  #articles = new Map<string, DayCount<number>>();
  #referrers = new Map<string, DayCount<string>>();
  #campaigns = new Map<string, DayCount<string>>();
  #timer: ReturnType<typeof setInterval> | undefined;
  /** The write in flight: writes never overlap. */
  #writing: Promise<void> = Promise.resolve();

  constructor(options: ViewCounterOptions) {
    this.#write = options.write;
    this.#intervalMs = options.intervalMs ?? 5_000;
    this.#repeatWindowMs = options.repeatWindowMs ?? 15 * 60_000;
    this.#maxRemembered = options.maxRemembered ?? 50_000;
    this.#maxPending = options.maxPending ?? 20_000;
    this.#perClient = new MemoryRateLimiter(options.perClientPerMinute ?? 30);
  }

  /** Distinct keys waiting for the next write (for tests and metrics). */
  get pending(): number {
    return this.#articles.size + this.#referrers.size + this.#campaigns.size;
  }

  /** Counts one view of `client` at `now` (ms), unless it repeats a recent one or the client is past its limit. */
  record(view: CountedView, client: string, now: number = Date.now()): ViewOutcome {
    const pair = `${client}|${view.articleId}`;
    const seen = this.#recent.get(pair);
    if (seen !== undefined && now - seen < this.#repeatWindowMs) return { counted: false, repeat: true };
    const waitMs = this.#perClient.take(client, now);
    if (waitMs > 0) return { counted: false, waitMs };
    this.#remember(pair, now);
    // A flood of distinct keys between two writes (never a reader's doing) is not held.
    if (this.pending >= this.#maxPending) return { counted: false, waitMs: this.#intervalMs };
    add(this.#articles, view.day, view.articleId, 1);
    if (view.referrer) add(this.#referrers, view.day, view.referrer, 1);
    if (view.campaign) add(this.#campaigns, view.day, view.campaign, 1);
    return { counted: true };
  }

  /**
   * Writes what is pending as one batch (the write runs even with nothing pending, so the
   * day's change is seen without views). A failed write puts its views back for the next one.
   */
  flush(): Promise<void> {
    const next = this.#writing.then(async () => {
      const batch: ViewBatch = {
        articles: [...this.#articles.values()],
        referrers: [...this.#referrers.values()],
        campaigns: [...this.#campaigns.values()],
      };
      this.#articles = new Map();
      this.#referrers = new Map();
      this.#campaigns = new Map();
      try {
        await this.#write(batch);
      } catch (error) {
        for (const row of batch.articles) add(this.#articles, row.day, row.key, row.views);
        for (const row of batch.referrers) add(this.#referrers, row.day, row.key, row.views);
        for (const row of batch.campaigns) add(this.#campaigns, row.day, row.key, row.views);
        throw error;
      }
    });
    this.#writing = next.catch(() => undefined);
    return next;
  }

  /** Writes every `intervalMs` from now on (the timer never keeps the process alive). */
  start(onError: (error: unknown) => void = (error) => console.error('Readership counts not written:', error)): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.flush().catch(onError), this.#intervalMs);
    this.#timer.unref();
  }

  /** Stops the timer and writes what is pending (on shutdown). */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }

  /** Remembers a counted pair: expired pairs (the least recent first) make room, else the least recent one goes. */
  #remember(pair: string, now: number): void {
    this.#recent.delete(pair);
    if (this.#recent.size >= this.#maxRemembered) {
      for (const [key, at] of this.#recent) {
        // Recency order: once one pair is inside the window, so are all after it.
        if (now - at < this.#repeatWindowMs) break;
        this.#recent.delete(key);
      }
      const leastRecent = this.#recent.size >= this.#maxRemembered ? this.#recent.keys().next() : undefined;
      if (leastRecent && !leastRecent.done) this.#recent.delete(leastRecent.value);
    }
    this.#recent.set(pair, now);
  }
}
