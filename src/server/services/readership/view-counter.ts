import type { DayCount } from '@/server/queries/readership';
import { MemoryRateLimiter } from '@/server/services/rate-limits/in-memory';
import type { ClientRateLimit } from '@/server/services/rate-limits/machine';
import { VIEWS_PER_CLIENT_PER_MINUTE } from '@/server/services/rate-limits/rules';
import { ViewAllowance, type ViewCaps, type ViewClaim } from '@/server/services/readership/view-allowance';

/**
 * The views a web process killed outright (kill -9, a power cut) may lose: those of the last
 * second. A view waits at most VIEW_FLUSH_INTERVAL_MS for the next write, which waits at most
 * VIEW_CONFIRM_WAIT_MS for the machine's verdicts, leaving the database a quarter of a second
 * to commit it; a database slower than that adds its delay (said in docs/newsroom.md).
 */
export const VIEW_LOSS_BOUND_MS = 1_000;

/** How often a web process writes the views it holds. */
export const VIEW_FLUSH_INTERVAL_MS = 500;

/** How long a write waits for the machine's verdicts on its views (the cluster's primary) before it writes them as this process counted them. */
export const VIEW_CONFIRM_WAIT_MS = 250;

/**
 * A referring site or a mail campaign is shown on the Readership tab only once at least this
 * many distinct visitors brought it on one day: one client alone cannot put a name there.
 */
export const READERSHIP_MIN_VISITORS = 3;

/** Views a referring host or campaign brought one day, and (up to READERSHIP_MIN_VISITORS) the addresses that brought them. */
export interface SourceCount extends DayCount<string> {
  /** Client addresses, held in memory until the batch is written (only a keyed hash of each is stored). */
  visitors: string[];
}

/** What one batch writes: the views added up per day and article, referring host and mail campaign. */
export interface ViewBatch {
  articles: DayCount<number>[];
  referrers: SourceCount[];
  campaigns: SourceCount[];
}

/** What `promise` resolves to, or undefined once `ms` passed first (or it rejects). */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise.catch(() => undefined), late]).finally(() => clearTimeout(timer));
}

/** One view to count: the day it falls on (US Eastern), the article, and where it came from. */
export interface CountedView {
  day: string;
  articleId: number;
  referrer?: string | undefined;
  campaign?: string | undefined;
}

/**
 * What became of a view: counted; held until the next write checks that its story is public
 * (a story this process does not know yet, perhaps published a moment ago); not a public
 * story; the same client's view of the same story again (in the repeat window, or past its
 * daily cap); or past the client's limit (`waitMs` until it may send again).
 */
export type ViewOutcome = { result: 'counted' | 'unverified' | 'not-public' | 'repeat' } | { result: 'limited'; waitMs: number };

/** The public stories a counter counts views of, as a process keeps them in memory. */
export interface PublicStories {
  /** Whether the article is public at `now` (ms): undefined when this process does not know it (yet). */
  isPublic(articleId: number, now: number): boolean | undefined;
  /** Brings the stories up to date with the database (before each write). */
  refresh(): Promise<void>;
}

export interface ViewCounterOptions extends ViewCaps {
  /** Writes one batch (in one database transaction); a batch it refuses is kept for the next try. */
  write: (batch: ViewBatch) => Promise<void>;
  /** The public stories: views of anything else are not counted. */
  stories: PublicStories;
  /** How often pending views are written (VIEW_FLUSH_INTERVAL_MS). */
  intervalMs?: number;
  /** How long a write waits for `confirm` (VIEW_CONFIRM_WAIT_MS); unanswered by then, every view counts as this process counted it. */
  confirmWaitMs?: number;
  /**
   * Checks the views this process counted against the machine's caps before they are written
   * (answering, per claim, whether it counts): several web processes' primary keeps them.
   */
  confirm?: ((claims: ViewClaim[]) => Promise<boolean[]>) | undefined;
  /** Distinct keys held between two writes; views past it are dropped until the next write. */
  maxPending?: number;
  /** Views of stories this process does not know held for the next write's check; past it they are dropped. */
  maxUnverified?: number;
  /** Views a client may add a minute, when `limit` is not given (VIEWS_PER_CLIENT_PER_MINUTE). */
  perClientPerMinute?: number;
  /**
   * The per-client limit of views a minute (the 429): behind several web processes the
   * machine's (`machineRateLimit`), else a bucket of `perClientPerMinute` in this process.
   */
  limit?: ClientRateLimit | undefined;
}

/** Views of one article one day from one referrer or campaign, held until the write checks the article is still public. */
interface HeldSource {
  day: string;
  name: string;
  articleId: number;
  views: number;
  visitors: string[];
}

/** Adds up to READERSHIP_MIN_VISITORS distinct visitors: with that many, a name is shown, so a batch needs no more. */
const addVisitors = (into: string[], visitors: readonly string[]) => {
  for (const visitor of visitors) {
    if (into.length >= READERSHIP_MIN_VISITORS) break;
    if (!into.includes(visitor)) into.push(visitor);
  }
};

const addArticle = (into: Map<string, DayCount<number>>, day: string, key: number, views: number) => {
  const id = `${day}|${key}`;
  const held = into.get(id);
  if (held) held.views += views;
  else into.set(id, { day, key, views });
};

const addSource = (into: Map<string, HeldSource>, day: string, name: string, articleId: number, views: number, visitors: readonly string[]) => {
  const id = `${day}|${articleId}|${name}`;
  let held = into.get(id);
  if (held) held.views += views;
  else into.set(id, (held = { day, name, articleId, views, visitors: [] }));
  addVisitors(held.visitors, visitors);
};

/** One batch's counts by name (the article each came with no longer matters). */
const byName = (held: Iterable<HeldSource>): SourceCount[] => {
  const names = new Map<string, SourceCount>();
  for (const row of held) {
    const id = `${row.day}|${row.name}`;
    let count = names.get(id);
    if (count) count.views += row.views;
    else names.set(id, (count = { day: row.day, key: row.name, views: row.views, visitors: [] }));
    addVisitors(count.visitors, row.visitors);
  }
  return [...names.values()];
};

/** The views held between two writes, by article (and by article and source). */
class Held {
  articles = new Map<string, DayCount<number>>();
  referrers = new Map<string, HeldSource>();
  campaigns = new Map<string, HeldSource>();

  get size(): number {
    return this.articles.size + this.referrers.size + this.campaigns.size;
  }

  /** Adds another holding's views (a refused batch's, put back). */
  merge(other: Held): void {
    for (const row of other.articles.values()) addArticle(this.articles, row.day, row.key, row.views);
    for (const row of other.referrers.values()) addSource(this.referrers, row.day, row.name, row.articleId, row.views, row.visitors);
    for (const row of other.campaigns.values()) addSource(this.campaigns, row.day, row.name, row.articleId, row.views, row.visitors);
  }

  /** The views of the articles `keep` accepts. */
  filter(keep: (articleId: number) => boolean): Held {
    const kept = new Held();
    for (const [id, row] of this.articles) if (keep(row.key)) kept.articles.set(id, row);
    for (const [id, row] of this.referrers) if (keep(row.articleId)) kept.referrers.set(id, row);
    for (const [id, row] of this.campaigns) if (keep(row.articleId)) kept.campaigns.set(id, row);
    return kept;
  }

  /** Takes one view back (one the machine's caps refused). */
  remove(view: CountedView): void {
    const drop = <T extends { views: number }>(rows: Map<string, T>, id: string) => {
      const row = rows.get(id);
      if (row && --row.views <= 0) rows.delete(id);
    };
    drop(this.articles, `${view.day}|${view.articleId}`);
    if (view.referrer) drop(this.referrers, `${view.day}|${view.articleId}|${view.referrer}`);
    if (view.campaign) drop(this.campaigns, `${view.day}|${view.articleId}|${view.campaign}`);
  }

  batch(): ViewBatch {
    return { articles: [...this.articles.values()], referrers: byName(this.referrers.values()), campaigns: byName(this.campaigns.values()) };
  }
}

/**
 * A web process's readership counts, held in memory and written in one batch every half
 * second (VIEW_FLUSH_INTERVAL_MS; a crash loses at most VIEW_LOSS_BOUND_MS of views) and on shutdown, so a page view costs no database write of its own
 * and a cached page stays cached. The write runs on the database's worker threads; the
 * serving thread only adds up.
 *
 * Only public stories count: a view of a story the process's set of public stories
 * (`PublicStories`) says is not public is refused at once, and before each write the set is
 * refreshed (from the purge log) and every view held is checked again, so a story published
 * a moment ago (not known yet) counts, and one withdrawn a moment ago (known as public
 * until then) does not. Views of stories not known are held up to `maxUnverified` a write.
 *
 * Abuse: a client's views of one story count once per `repeatWindowMs` (15 minutes) and at
 * most `perStoryDay` (4) a day (`ViewAllowance`), and a client adds at most
 * `perClientPerMinute` views a minute (30: `limit`). The process checks them as each view arrives (past the minute's
 * limit, a 429); with `confirm` (several web processes: the cluster's primary keeps the
 * machine's caps) the views it counted are checked again for the whole machine before each
 * write, and those the machine's caps refuse are not written, so behind N processes a client
 * still counts 4 views of a story a day, not 4N; the minute's limit (the 429) is the machine's
 * too when `limit` is (`machineRateLimit`). Memory
 * is bounded by `maxRemembered` pairs, `maxPending` keys (and views to confirm) and `maxUnverified`
 * views. Nothing about the client is kept but its address beside the story's id in this
 * memory, and for a referrer or campaign a keyed hash of it for the day (`writeViewBatch`).
 */
export class ViewCounter {
  readonly #write: (batch: ViewBatch) => Promise<void>;
  readonly #stories: PublicStories;
  readonly #confirm: ((claims: ViewClaim[]) => Promise<boolean[]>) | undefined;
  readonly #intervalMs: number;
  readonly #confirmWaitMs: number;
  readonly #maxPending: number;
  readonly #maxUnverified: number;
  readonly #allowance: ViewAllowance;
  readonly #limit: ClientRateLimit;
  #held = new Held();
  /** The views held (when the machine's caps confirm them) and their claims, in the order they were counted. */
  #claims: { view: CountedView; claim: ViewClaim }[] = [];
  /** Views held since the last write of stories the set did not know. */
  #unverified = 0;
  #timer: ReturnType<typeof setInterval> | undefined;
  /** The write in flight: writes never overlap. */
  #writing: Promise<void> = Promise.resolve();

  constructor(options: ViewCounterOptions) {
    this.#write = options.write;
    this.#stories = options.stories;
    this.#confirm = options.confirm;
    this.#intervalMs = options.intervalMs ?? VIEW_FLUSH_INTERVAL_MS;
    this.#confirmWaitMs = options.confirmWaitMs ?? VIEW_CONFIRM_WAIT_MS;
    this.#maxPending = options.maxPending ?? 20_000;
    this.#maxUnverified = options.maxUnverified ?? 2_000;
    this.#allowance = new ViewAllowance(options);
    this.#limit = options.limit ?? new MemoryRateLimiter(options.perClientPerMinute ?? VIEWS_PER_CLIENT_PER_MINUTE);
  }

  /** How often this counter writes (ms). */
  get intervalMs(): number {
    return this.#intervalMs;
  }

  /** Distinct keys waiting for the next write (for tests and metrics). */
  get pending(): number {
    return this.#held.size;
  }

  /**
   * Counts one view of `client` at `now` (ms), unless it is not a public story's, repeats a
   * recent one, or the client is past its limit. A promise while the limit asks the
   * machine's count (`machineRateLimit`); the answer at once otherwise.
   */
  record(view: CountedView, client: string, now: number = Date.now()): ViewOutcome | Promise<ViewOutcome> {
    const known = this.#stories.isPublic(view.articleId, now);
    if (known === false) return { result: 'not-public' };
    if (this.#allowance.repeats(client, view.articleId, view.day, now)) return { result: 'repeat' };
    const waitMs = this.#limit.take(client, now);
    if (typeof waitMs === 'number') return waitMs > 0 ? { result: 'limited', waitMs } : this.#count(view, client, now, known);
    return waitMs.then((wait): ViewOutcome => {
      // While the machine was asked, the story may have been withdrawn or the same view counted.
      if (wait > 0) return { result: 'limited', waitMs: wait };
      const knownNow = this.#stories.isPublic(view.articleId, now);
      if (knownNow === false) return { result: 'not-public' };
      if (this.#allowance.repeats(client, view.articleId, view.day, now)) return { result: 'repeat' };
      return this.#count(view, client, now, knownNow);
    });
  }

  /** Counts a view its client's limit let through, not a repeat, of a story `known` public (or not known yet). */
  #count(view: CountedView, client: string, now: number, known: boolean | undefined): ViewOutcome {
    this.#allowance.count(client, view.articleId, view.day, now);
    // A flood of made-up ids, or of distinct keys between two writes (never a reader's doing), is not held.
    if (known === undefined && this.#unverified >= this.#maxUnverified) return { result: 'not-public' };
    if (this.#held.size >= this.#maxPending || this.#claims.length >= this.#maxPending) return { result: 'limited', waitMs: this.#intervalMs };
    if (known === undefined) this.#unverified++;
    addArticle(this.#held.articles, view.day, view.articleId, 1);
    if (view.referrer) addSource(this.#held.referrers, view.day, view.referrer, view.articleId, 1, [client]);
    if (view.campaign) addSource(this.#held.campaigns, view.day, view.campaign, view.articleId, 1, [client]);
    if (this.#confirm) this.#claims.push({ view, claim: { client, articleId: view.articleId, day: view.day, at: now } });
    return { result: known ? 'counted' : 'unverified' };
  }

  /**
   * Refreshes the public stories (when views are held), keeps the views of those public now,
   * and writes them as one batch (the write runs even with nothing held, so the day's change
   * is seen without views). A failed write puts its views back for the next one; while the
   * stories cannot be read, the views wait too.
   */
  flush(): Promise<void> {
    const next = this.#writing.then(async () => {
      const held = this.#held;
      const claims = this.#claims;
      this.#held = new Held();
      this.#claims = [];
      this.#unverified = 0;
      if (claims.length > 0 && this.#confirm) {
        // The machine's caps: a view they refuse (the client counted elsewhere) is taken back.
        // Unanswered within the wait (a busy primary), all count: a crash must not lose more than a second of views.
        const verdicts = await withDeadline(this.#confirm(claims.map((c) => c.claim)), this.#confirmWaitMs);
        claims.forEach((c, i) => verdicts?.[i] === false && held.remove(c.view));
      }
      if (held.size > 0) {
        try {
          await this.#stories.refresh();
        } catch (error) {
          this.#held.merge(held);
          throw error;
        }
      }
      const now = Date.now();
      const kept = held.filter((id) => this.#stories.isPublic(id, now) === true);
      try {
        await this.#write(kept.batch());
      } catch (error) {
        this.#held.merge(kept);
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
}
