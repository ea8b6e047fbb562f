import { describe, expect, it } from 'vitest';
import type { PurgeFollower } from '@/server/cache/purge-follower';
import { pageSettler, settleEverywhere, settleHere } from '@/server/cache/settle';
import { cachedPage, etagFor } from '@/server/cache/stored-page';
import { PageCache } from '@/server/cache/page-cache';
import type { Revalidation } from '@/server/page-render';

const page = (text: string) => cachedPage(text, [['content-type', 'text/html']], etagFor(text));
const url = (path: string) => new URL(path, 'http://localhost');

/** A follower whose log holds these purges (by id), applied to the cache when asked. */
function followerOf(cache: PageCache, log: Map<number, string[]>): PurgeFollower {
  let applied = 0;
  return {
    applyThrough: (id: number) => {
      for (; applied < id; applied++) cache.purge(log.get(applied + 1) ?? []);
      return Promise.resolve();
    },
  } as unknown as PurgeFollower;
}

/** Renders a page afresh as `render` says: a new page (stored as of now), or never (a hung render). */
function revalidationOf(cache: PageCache, render: (address: string) => Promise<string>): Revalidation & { asked: string[] } {
  const asked: string[] = [];
  const run = async (address: string, params: readonly string[]) => {
    asked.push(address);
    const since = cache.purgeSeq;
    const body = await render(address);
    cache.set(address, url(address), params, page(body), ['l:all'], undefined, since);
  };
  return { asked, run, start: (address, params) => void run(address, params) };
}

describe('settling a write’s purge in a process', () => {
  it('renders afresh the pages it made stale, the most lately read first, and leaves none stale', async () => {
    const cache = new PageCache();
    for (let i = 0; i < 40; i++) cache.set(`/news?page=${i}`, url(`/news?page=${i}`), ['page'], page(`old ${i}`), ['l:all']);
    cache.set('/markets', url('/markets'), [], page('markets'), ['market']);
    const now = Date.now();
    cache.get('/news?page=7', now + 5_000);
    const revalidation = revalidationOf(cache, (address) => Promise.resolve(`new ${address}`));
    await pageSettler(cache, followerOf(cache, new Map([[1, ['l:all']]])), revalidation)(1);
    expect(revalidation.asked[0]).toBe('/news?page=7');
    // At most 32 rendered afresh; the rest dropped: no page the purge concerned is served stale.
    expect(revalidation.asked).toHaveLength(32);
    for (let i = 0; i < 40; i++) {
      const hit = cache.get(`/news?page=${i}`);
      if (hit) expect(hit).toMatchObject({ fresh: true, page: { body: Buffer.from(`new /news?page=${i}`) } });
    }
    expect(cache.size).toBe(33);
    expect(cache.get('/markets')?.fresh).toBe(true);
  });

  it('drops what it could not render in time, and answers at its deadline', async () => {
    const cache = new PageCache();
    cache.set('/', url('/'), [], page('old home'), ['l:all']);
    const hung = revalidationOf(cache, () => new Promise<string>(() => undefined));
    // It answers (a hung render would otherwise hold it, and the write, for ever)...
    await pageSettler(cache, followerOf(cache, new Map([[1, ['l:all']]])), hung)(1);
    expect(hung.asked).toEqual(['/']);
    // ...with the page dropped: its next reader renders it rather than get the old one.
    expect(cache.get('/')).toBeUndefined();
  });

  it('is what a write waits for in a process of its own; a process serving no pages waits for nothing', async () => {
    await expect(settleEverywhere(1)).resolves.toBeUndefined();
    const settled: number[] = [];
    settleHere((id) => {
      settled.push(id);
      return Promise.resolve();
    });
    await settleEverywhere(7);
    expect(settled).toEqual([7]);
  });
});
