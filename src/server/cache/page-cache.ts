// The page cache: an in-process LRU of rendered pages, tagged with what they show and purged by
// those tags (see src/server/cache/tags.ts). The pages it holds are src/server/cache/stored-page.ts's.
import { purgeTarget, tag } from '@/server/cache/tags';
import type { CachedPage } from '@/server/cache/stored-page';

/** Bytes a cached page takes besides its bodies (headers, key, bookkeeping). */
const ENTRY_OVERHEAD = 1024;

/** A page as the cache holds it: the page, what it shows, until when it is valid, and whether a change made it stale. */
interface Entry {
  page: CachedPage;
  path: string;
  size: number;
  tags: ReadonlySet<string>;
  /** After this time (ms) the page is stale even without a change (a release falls due, a figure turns stale). */
  validUntil: number | undefined;
  /**
   * The purge (this cache's count, `purgeSeq`) that made it stale, 0 while none did: it is
   * served only while its new version renders, and only until that purge is settled (`settle`).
   */
  staleSince: number;
  /** When it was last read (ms): the pages read lately are rendered afresh first when a write settles. */
  readAt: number;
}

/** What the page cache has for an address: the page, and whether it is still current. */
export interface CacheHit {
  page: CachedPage;
  fresh: boolean;
}

/** Counts for the metrics: answers from memory (fresh or stale), misses, renders, revalidations, purged entries. */
export interface PageCacheCounts {
  hits: number;
  staleHits: number;
  misses: number;
  renders: number;
  revalidations: number;
  purged: number;
}

/** Purges remembered for renders in flight (a render outlasting this many purges is stored stale). */
const RECENT_PURGES = 256;

/** The tag every cached page carries, and the tag that purges every page. */
export const EVERY_PAGE_TAG = tag.everyPage;

/**
 * An in-process LRU of rendered pages, bounded in bytes, each keyed by its address (the
 * path and the parameters its route reads) and tagged with what it shows (see
 * `src/server/cache/tags.ts`). A purge marks the pages of its tags stale: a stale page is
 * still served, once, while its new version renders in the background, so a reader never
 * waits for a page that has a previous version. A page with no previous version renders
 * once however many readers ask for it at the same moment (`renderOnce`).
 *
 * The production server owns one instance and hands it to Astro through `locals`, so it
 * answers hits before Astro's request pipeline runs.
 */
export class PageCache {
  readonly maxBytes: number;
  readonly #entries = new Map<string, Entry>();
  /** For each tag, the addresses of the pages that carry it. */
  readonly #byTag = new Map<string, Set<string>>();
  /** For each path with stored entries: the parameters its route reads, and how many entries it has. */
  readonly #paths = new Map<string, { params: readonly string[]; entries: number }>();
  /**
   * Renders in flight, by address, with `purgeSeq` as it was when each began: a second reader
   * waits for the first's render, unless a purge was applied since it began (it may show
   * what that purge changed as it was before).
   */
  readonly #rendering = new Map<string, { since: number; page: Promise<CachedPage> }>();
  /** The addresses of the pages a purge made stale. */
  readonly #stale = new Set<string>();
  /** Addresses whose stale page is being rendered afresh in the background. */
  readonly #revalidating = new Set<string>();
  #bytes = 0;
  /** Purges applied so far, and the latest of them: a render that began before one of them may have read what it changed. */
  #purgeSeq = 0;
  /** Every purge up to this one is settled: no page it made stale is kept (see `settle`). */
  #settledSeq = 0;
  readonly #recentPurges: { seq: number; tags: readonly string[]; hard: readonly string[] }[] = [];
  readonly counts: PageCacheCounts = { hits: 0, staleHits: 0, misses: 0, renders: 0, revalidations: 0, purged: 0 };

  constructor(maxBytes: number = 64 * 1024 * 1024) {
    this.maxBytes = maxBytes;
  }

  /** The parameters the page at this path reads, when some version of it is stored; else undefined. */
  paramsFor(pathname: string): readonly string[] | undefined {
    return this.#paths.get(pathname)?.params;
  }

  /** The page stored at an address, and whether it is current (neither purged nor past its time). */
  get(address: string, now: number = Date.now()): CacheHit | undefined {
    const entry = this.#entries.get(address);
    if (!entry) return undefined;
    this.#entries.delete(address);
    this.#entries.set(address, entry);
    entry.readAt = now;
    const fresh = entry.staleSince === 0 && (entry.validUntil === undefined || now < entry.validUntil);
    return { page: entry.page, fresh };
  }

  /** The count of purges applied so far: take it before a render and pass it to `set`. */
  get purgeSeq(): number {
    return this.#purgeSeq;
  }

  /**
   * Stores a page rendered for `url` by a route reading `params`, with the tags of what it
   * shows; a page over an eighth of the budget is not kept. `renderedSince` is `purgeSeq` as
   * it was when the render began: a page that a purge applied meanwhile concerns is stored
   * stale, since it may show what came before the change (or not at all after a hard purge).
   */
  set(
    address: string,
    url: URL,
    params: readonly string[],
    page: CachedPage,
    tags: Iterable<string> = [],
    validUntil?: number,
    renderedSince: number = this.#purgeSeq,
  ): void {
    const tagSet = new Set([EVERY_PAGE_TAG, ...tags]);
    const size =
      page.body.length +
      (page.gzip === page.body ? 0 : page.gzip.length) +
      (page.br === page.body ? 0 : page.br.length) +
      ENTRY_OVERHEAD +
      address.length * 2;
    this.#remove(address);
    const purged = this.#purgedSince(renderedSince, tagSet);
    // A render that may show a story taken off the site meanwhile is not kept at all, nor one
    // that may show what a settled purge changed as it was before: its write was answered.
    if (size > this.maxBytes / 8 || purged === 'hard' || (purged !== undefined && purged <= this.#settledSeq)) return;
    const staleSince = purged ?? 0;
    this.#entries.set(address, { page, path: url.pathname, size, tags: tagSet, validUntil, staleSince, readAt: Date.now() });
    if (staleSince !== 0) this.#stale.add(address);
    this.#bytes += size;
    for (const tag of tagSet) {
      let addresses = this.#byTag.get(tag);
      if (!addresses) this.#byTag.set(tag, (addresses = new Set()));
      addresses.add(address);
    }
    const path = this.#paths.get(url.pathname);
    if (path) path.entries += 1;
    else this.#paths.set(url.pathname, { params, entries: 1 });
    while (this.#bytes > this.maxBytes) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#remove(oldest);
    }
  }

  /** Forgets the page at an address (its new render was no page: a 404, a redirect). */
  delete(address: string): void {
    this.#remove(address);
  }

  /**
   * Whether a purge applied after `seq` concerns any of these tags: 'hard' when a hard one
   * does; else the first soft one that does (the page is stale from it on; the first after
   * `seq` when `seq` is too old to tell); else undefined.
   */
  #purgedSince(seq: number, tags: ReadonlySet<string>): 'hard' | number | undefined {
    if (seq >= this.#purgeSeq) return undefined;
    const later = this.#recentPurges.filter((p) => p.seq > seq);
    if (later.some((p) => p.hard.some((t) => tags.has(t)))) return 'hard';
    const oldest = this.#recentPurges[0]?.seq ?? this.#purgeSeq + 1;
    if (seq + 1 < oldest) return seq + 1;
    return later.find((p) => p.tags.some((t) => tags.has(t)))?.seq;
  }

  /**
   * Marks every page carrying one of the tags stale, or drops it for a hard purge (`!a:12`,
   * see `purgeTarget`); answers how many pages were purged.
   */
  purge(tags: Iterable<string>): number {
    const targets = [...tags].map(purgeTarget);
    const seq = ++this.#purgeSeq;
    this.#recentPurges.push({ seq, tags: targets.map((t) => t.tag), hard: targets.filter((t) => t.hard).map((t) => t.tag) });
    if (this.#recentPurges.length > RECENT_PURGES) this.#recentPurges.shift();
    let marked = 0;
    for (const { tag, hard } of targets) {
      for (const address of [...(this.#byTag.get(tag) ?? [])]) {
        const entry = this.#entries.get(address);
        if (!entry) continue;
        if (hard) {
          this.#remove(address);
          marked++;
        } else if (entry.staleSince === 0) {
          entry.staleSince = seq;
          this.#stale.add(address);
          marked++;
        }
      }
    }
    this.counts.purged += marked;
    return marked;
  }

  /**
   * Renders the page at an address once, however many ask at the same moment: the first
   * caller's `render` runs, the others wait for its result.
   */
  renderOnce(address: string, render: () => Promise<CachedPage>): Promise<CachedPage> {
    const running = this.#rendering.get(address);
    // A render begun before the last purge this process applied may show what it changed as it was.
    if (running && running.since === this.#purgeSeq) return running.page;
    this.counts.renders++;
    const rendering = { since: this.#purgeSeq, page: render() };
    rendering.page = rendering.page.finally(() => {
      if (this.#rendering.get(address) === rendering) this.#rendering.delete(address);
    });
    this.#rendering.set(address, rendering);
    return rendering.page;
  }

  /** The render of an address in flight, if any (settles once it is stored or failed). */
  renderingOf(address: string): Promise<unknown> | undefined {
    return this.#rendering.get(address)?.page.then(
      () => undefined,
      () => undefined,
    );
  }

  /**
   * The pages made stale by purges up to `seq` (a `purgeSeq`), the most lately read first,
   * each with the parameters its route reads: those a write's settling renders afresh.
   */
  staleThrough(seq: number): { address: string; params: readonly string[] }[] {
    const found: { address: string; params: readonly string[]; readAt: number }[] = [];
    for (const address of this.#stale) {
      const entry = this.#entries.get(address);
      const params = entry && this.#paths.get(entry.path)?.params;
      if (entry && params && entry.staleSince <= seq) found.push({ address, params, readAt: entry.readAt });
    }
    return found.sort((a, b) => b.readAt - a.readAt).map(({ address, params }) => ({ address, params }));
  }

  /** Whether the page at an address is stale from a purge up to `seq` (a `purgeSeq`). */
  staleFrom(address: string, seq: number): boolean {
    const since = this.#entries.get(address)?.staleSince ?? 0;
    return since !== 0 && since <= seq;
  }

  /**
   * Settles every purge up to `seq` (a `purgeSeq`): a page one of them made stale and that was
   * not rendered afresh meanwhile is dropped, and none is stored stale from them again (a
   * render begun before one of them is not kept), so the next reader of such a page waits
   * for its new version rather than being answered the old one. Called when a write is to
   * be answered: from then on, no reader may see what it changed as it was. Answers how
   * many pages were dropped.
   */
  settle(seq: number): number {
    this.#settledSeq = Math.max(this.#settledSeq, Math.min(seq, this.#purgeSeq));
    let dropped = 0;
    for (const address of [...this.#stale]) {
      if (this.staleFrom(address, this.#settledSeq)) {
        this.#remove(address);
        dropped++;
      }
    }
    return dropped;
  }

  /**
   * Claims the background revalidation of a stale page: true for the first caller until
   * `revalidated` is called for it (so a page renders afresh once, whoever reads it meanwhile).
   */
  claimRevalidation(address: string): boolean {
    if (this.#revalidating.has(address) || this.#rendering.has(address)) return false;
    this.#revalidating.add(address);
    this.counts.revalidations++;
    return true;
  }

  /** The background revalidation of an address ended (stored, failed or gone). */
  revalidated(address: string): void {
    this.#revalidating.delete(address);
  }

  #remove(address: string): void {
    const entry = this.#entries.get(address);
    if (!entry) return;
    this.#entries.delete(address);
    this.#stale.delete(address);
    this.#bytes -= entry.size;
    for (const tag of entry.tags) {
      const addresses = this.#byTag.get(tag);
      addresses?.delete(address);
      if (addresses?.size === 0) this.#byTag.delete(tag);
    }
    const path = this.#paths.get(entry.path);
    if (path && --path.entries <= 0) this.#paths.delete(entry.path);
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }
}
