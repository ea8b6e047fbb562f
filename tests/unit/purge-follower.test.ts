import { describe, expect, it, vi } from 'vitest';
import type { PagePurgeRow } from '@/server/queries/page-purges';

// The purge log's reads, held by the test so it can commit a purge in the middle of one.
const log = vi.hoisted(() => ({
  last: 0,
  reads: [] as { after: number; answer: (rows: PagePurgeRow[]) => void }[],
}));
vi.mock('@/server/queries/page-purges', () => ({
  getPagePurgeRange: () => Promise.resolve({ first: 0, last: log.last }),
  listPagePurgesAfter: (after: number) => new Promise<PagePurgeRow[]>((answer) => log.reads.push({ after, answer })),
}));

const { PurgeFollower } = await import('@/server/cache/purge-follower');
const { PageCache } = await import('@/server/cache/page-cache');
const { cachedPage, etagFor } = await import('@/server/cache/stored-page');

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
};

/** The next turn of the event loop, where the next batch of requests arrives. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('PurgeFollower', () => {
  it('makes a request that arrives during a read wait for a read that began after it, so it sees every purge committed before it', async () => {
    const cache = new PageCache();
    cache.set('/article/a', new URL('http://localhost/article/a'), [], cachedPage('a', [], etagFor('a')), ['a:1']);
    let stamp = 'commit-0';
    const follower = new PurgeFollower(cache, () => stamp);
    await follower.sync(); // the first look: starts from the log's end
    expect(follower.current()).toBe(true);

    // Something is committed: a reader's request (in a later turn of the event loop) starts a read of the log...
    stamp = 'commit-1';
    await nextTurn();
    const first = follower.sync();
    await until(() => log.reads.length === 1);
    // ...and while that read is under way, an editor's purge of a:1 commits and another reader arrives.
    stamp = 'commit-2';
    await nextTurn();
    let secondDone = false;
    const second = follower.sync().then(() => (secondDone = true));
    log.reads[0]!.answer([]); // the first read began before the purge: it did not see it
    await first;
    expect(cache.get('/article/a')?.fresh).toBe(true);
    // The second reader is not answered by that read: it waits for one that sees the purge.
    await until(() => log.reads.length === 2);
    expect(secondDone).toBe(false);
    expect(log.reads[1]!.after).toBe(0);
    log.reads[1]!.answer([{ id: 1, tags: ['a:1'] }]);
    await second;
    expect(cache.get('/article/a')?.fresh).toBe(false);
    expect(follower.current()).toBe(true);
  });

  it('shares one read among the requests that arrive together', async () => {
    log.reads.length = 0;
    const cache = new PageCache();
    let stamp = 'a';
    const follower = new PurgeFollower(cache, () => stamp);
    await follower.sync();
    stamp = 'b';
    await nextTurn();
    const all = Promise.all(Array.from({ length: 50 }, () => follower.sync()));
    await until(() => log.reads.length === 1);
    log.reads[0]!.answer([]);
    await all;
    expect(log.reads).toHaveLength(1);
  });

  it('with a purge stamp, reads the log for a purge but not for other commits (the readership batch), and for those only after a while', async () => {
    log.reads.length = 0;
    const cache = new PageCache();
    cache.set('/article/a', new URL('http://localhost/article/a'), [], cachedPage('a', [], etagFor('a')), ['a:1']);
    let commits = 'c0';
    let purges = 'p0';
    let now = 1_000_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const follower = new PurgeFollower(cache, () => commits, { purgeStamp: () => purges, fallbackMs: 5_000 });
      await follower.sync();
      const reads = follower.reads;
      // A readership batch commits every second: no read.
      for (let second = 1; second <= 4; second++) {
        commits = `c${second}`;
        now += 1_000;
        await nextTurn();
        expect(follower.current()).toBe(true);
      }
      expect(follower.reads).toBe(reads);
      // A purge commits: the next answer reads the log and applies it.
      purges = 'p1';
      await nextTurn();
      expect(follower.current()).toBe(false);
      const synced = follower.sync();
      await until(() => log.reads.length === 1);
      log.reads[0]!.answer([{ id: 1, tags: ['a:1'] }]);
      await synced;
      expect(cache.get('/article/a')?.fresh).toBe(false);
      expect(follower.reads).toBe(reads + 1);
      // Other commits past the fallback's wait (a purge whose process died before its stamp): read once more.
      commits = 'c9';
      now += 5_000;
      await nextTurn();
      expect(follower.current()).toBe(false);
    } finally {
      clock.mockRestore();
    }
  });

  it('reads the commit stamp once per turn of the event loop, and afresh in the next', async () => {
    log.reads.length = 0;
    let stamp = 'x';
    let readings = 0;
    const follower = new PurgeFollower(new PageCache(), () => {
      readings++;
      return stamp;
    });
    await follower.sync();
    await nextTurn();
    readings = 0;
    for (let i = 0; i < 100; i++) expect(follower.current()).toBe(true);
    expect(readings).toBe(1);
    // A commit: the requests of the next turn see it.
    stamp = 'y';
    await nextTurn();
    expect(follower.current()).toBe(false);
    expect(readings).toBe(2);
  });

  it('applies the log through a purge a write names whatever the stamp says, after a read under way, never applying a row twice', async () => {
    log.reads.length = 0;
    log.last = 4;
    const cache = new PageCache();
    cache.set('/article/a', new URL('http://localhost/article/a'), [], cachedPage('a', [], etagFor('a')), ['a:1']);
    let stamp = 'p';
    const follower = new PurgeFollower(cache, () => stamp);
    await follower.sync();
    expect(follower.appliedThrough).toBe(4);
    // A reader's read is under way (it began before the write committed purge 5)...
    stamp = 'q';
    await nextTurn();
    const reader = follower.sync();
    await until(() => log.reads.length === 1);
    // ...and the write, told its purge is 5, asks for it: it waits for that read, then reads again.
    let applied = false;
    const settling = follower.applyThrough(5).then(() => (applied = true));
    await nextTurn();
    expect(log.reads).toHaveLength(1);
    log.reads[0]!.answer([]);
    await reader;
    await until(() => log.reads.length === 2);
    expect(applied).toBe(false);
    expect(log.reads[1]!.after).toBe(4);
    log.reads[1]!.answer([{ id: 5, tags: ['a:1'] }]);
    await settling;
    expect(follower.appliedThrough).toBe(5);
    expect(cache.get('/article/a')?.fresh).toBe(false);
    // Already applied: no read.
    await follower.applyThrough(5);
    expect(log.reads).toHaveLength(2);
    log.last = 0;
  });
});
