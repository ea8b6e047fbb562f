import { tag } from '@/server/cache/tags';
import { getPagePurgeRange, listPagePurgesAfter } from '@/server/queries/page-purges';
import { getPublishedArticles, listPublishedArticles, type PublishedArticle } from '@/server/queries/readership';
import type { PublicStories } from '@/server/services/readership/view-counter';

/** Purge log rows read at a time. */
const BATCH = 500;

/** The article id a purge tag names (`a:12`, hard `!a:12`), or undefined. */
function articleOfTag(logged: string): number | undefined {
  const match = /^!?a:(\d+)$/.exec(logged);
  return match ? Number(match[1]) : undefined;
}

/**
 * The published stories, held in a web process's memory (id to publish time, so a story
 * scheduled for later turns public by itself when its time comes), so that checking a page
 * view's story costs no database read. Kept up to date from the purge log every change to
 * an article writes (`a:{id}`: published, edited, unpublished, deleted): each refresh reads
 * the log past the last entry it saw and reads again the articles it names; an entry that
 * renews every page (`site`), or a gap in the log (entries pruned while this process was not
 * looking), reads every published story again.
 */
export class PublishedStories implements PublicStories {
  readonly #published = new Map<number, number>();
  /** The last purge log entry applied (undefined before the first load). */
  #lastPurge: number | undefined;

  /** Stories known (for tests and metrics). */
  get size(): number {
    return this.#published.size;
  }

  isPublic(articleId: number, now: number): boolean | undefined {
    if (this.#lastPurge === undefined) return undefined;
    const at = this.#published.get(articleId);
    return at === undefined ? undefined : at <= now;
  }

  async refresh(): Promise<void> {
    if (this.#lastPurge === undefined) {
      await this.#loadAll();
      return;
    }
    const changed = new Set<number>();
    for (;;) {
      const rows = await listPagePurgesAfter(this.#lastPurge, BATCH);
      if ((rows[0] && rows[0].id > this.#lastPurge + 1) || rows.some((row) => row.tags.includes(tag.everyPage))) {
        await this.#loadAll();
        return;
      }
      for (const row of rows) {
        for (const logged of row.tags) {
          const id = articleOfTag(logged);
          if (id !== undefined) changed.add(id);
        }
      }
      this.#lastPurge = rows.at(-1)?.id ?? this.#lastPurge;
      if (rows.length < BATCH) break;
    }
    if (changed.size === 0) return;
    const ids = [...changed];
    for (const id of ids) this.#published.delete(id);
    for (let i = 0; i < ids.length; i += BATCH) this.#set(await getPublishedArticles(ids.slice(i, i + BATCH)));
  }

  /** Reads every published story; the log's last entry first, so a change committed meanwhile is read again next time. */
  async #loadAll(): Promise<void> {
    const { last } = await getPagePurgeRange();
    const rows = await listPublishedArticles();
    this.#published.clear();
    this.#set(rows);
    this.#lastPurge = last;
  }

  #set(rows: readonly PublishedArticle[]): void {
    for (const row of rows) this.#published.set(row.id, row.at);
  }
}
