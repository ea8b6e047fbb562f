import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pageAddress, pageCacheControl } from '@/server/cache/routes';
import { answerFor, cachedPage, compressOffThread, etagFor, matchesEtag, pickEncoding } from '@/server/cache/stored-page';
import { EVERY_PAGE_TAG, PageCache } from '@/server/cache/page-cache';

const NEWS_PARAMS = ['category', 'q', 'page'];
const page = (text = 'x') => cachedPage(text, [['content-type', 'text/html']], etagFor(text));
const request = (url: string, headers: { ifNoneMatch?: string; acceptEncoding?: string } = {}) => ({
  method: 'GET',
  url: new URL(url, 'http://localhost'),
  ifNoneMatch: headers.ifNoneMatch,
  acceptEncoding: headers.acceptEncoding,
});

describe('page addresses', () => {
  const address = pageAddress(new URL('http://localhost/news?q=gas&category=coal'), NEWS_PARAMS);

  it('do not depend on the order of query parameters', () => {
    expect(pageAddress(new URL('http://localhost/news?category=coal&q=gas'), NEWS_PARAMS)).toBe(address);
  });

  it('keep only the parameters the page reads, so other parameters never make a new entry', () => {
    expect(pageAddress(new URL('http://localhost/news?utm_source=x&q=gas&category=coal&zz=1'), NEWS_PARAMS)).toBe(address);
    expect(pageAddress(new URL('http://localhost/article/a?x=1&q=2'), [])).toBe('/article/a');
    expect(pageAddress(new URL('http://localhost/news?q=&page='), NEWS_PARAMS)).toBe('/news');
  });
});

describe('ETags', () => {
  it('name the bytes: the same page has the same ETag, another page another', () => {
    expect(etagFor('<p>a</p>')).toBe(etagFor(Buffer.from('<p>a</p>')));
    expect(etagFor('<p>a</p>')).not.toBe(etagFor('<p>b</p>'));
  });

  it('are quoted and match weak or listed forms', () => {
    const etag = etagFor('k');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(matchesEtag(etag, etag)).toBe(true);
    expect(matchesEtag(`W/${etag}`, etag)).toBe(true);
    expect(matchesEtag(`"other", ${etag}`, etag)).toBe(true);
    expect(matchesEtag('"other"', etag)).toBe(false);
    expect(matchesEtag(null, etag)).toBe(false);
  });
});

describe('PageCache', () => {
  it('stays within its byte budget, evicting the least recently used page', () => {
    const body = 'energy '.repeat(2000);
    const one = page(body);
    const cache = new PageCache(512 * 1024);
    cache.set('k0', new URL('http://localhost/a0'), [], one);
    for (let i = 1; i < 200; i++) {
      cache.get('k0');
      cache.set(`k${i}`, new URL(`http://localhost/a${i}`), [], one);
      expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    }
    expect(cache.size).toBeGreaterThan(1);
    expect(cache.size).toBeLessThan(200);
    expect(cache.get('k0')).toBeDefined();
    expect(cache.get('k1')).toBeUndefined();
  });

  it('does not keep a page larger than an eighth of its budget', () => {
    const cache = new PageCache(8 * 1024);
    cache.set(
      'big',
      new URL('http://localhost/big'),
      [],
      cachedPage('<p>' + 'abcdefghij'.repeat(2000).split('').reverse().join('x'), [], etagFor('big')),
    );
    expect(cache.size).toBe(0);
  });

  it('knows the parameters of each path it holds, until the last entry of that path is evicted', () => {
    const cache = new PageCache(10 * 1024);
    const small = page('x');
    expect(cache.paramsFor('/news')).toBeUndefined();
    cache.set('v1|news', new URL('http://localhost/news?q=gas'), NEWS_PARAMS, small);
    cache.set('v2|news', new URL('http://localhost/news'), NEWS_PARAMS, small);
    expect(cache.paramsFor('/news')).toEqual(NEWS_PARAMS);
    expect(cache.paramsFor('/images/a.jpg')).toBeUndefined();
    for (let i = 0; cache.paramsFor('/news'); i++) cache.set(`a${i}`, new URL(`http://localhost/article/a${i}`), [], small);
    expect(cache.get('v1|news')).toBeUndefined();
    expect(cache.get('v2|news')).toBeUndefined();
  });
});

const url = (path: string) => new URL(path, 'http://localhost');

describe('PageCache purges by tag', () => {
  it('marks exactly the pages carrying a purged tag stale, and still serves them', () => {
    const cache = new PageCache();
    cache.set('/article/a', url('/article/a'), [], page('a'), ['a:1', 't:oil']);
    cache.set('/article/b', url('/article/b'), [], page('b'), ['a:2', 't:gas']);
    cache.set('/', url('/'), [], page('home'), ['l:all']);
    expect(cache.purge(['a:1'])).toBe(1);
    expect(cache.get('/article/a')?.fresh).toBe(false);
    expect(cache.get('/article/a')?.page.body.toString()).toBe('a');
    expect(cache.get('/article/b')?.fresh).toBe(true);
    expect(cache.get('/')?.fresh).toBe(true);
    expect(cache.purge(['l:all', 't:oil'])).toBe(1);
    expect(cache.get('/')?.fresh).toBe(false);
    // The tag every page carries purges the rest.
    expect(cache.purge([EVERY_PAGE_TAG])).toBe(1);
    expect(cache.get('/article/b')?.fresh).toBe(false);
  });

  it('drops the pages of a hard purge (a story taken off the site), so none is served stale', () => {
    const cache = new PageCache();
    cache.set('/article/a', url('/article/a'), [], page('a'), ['a:1']);
    cache.set('/', url('/'), [], page('home'), ['a:1', 'l:all']);
    cache.set('/article/b', url('/article/b'), [], page('b'), ['a:2']);
    expect(cache.purge(['!a:1', 'l:all'])).toBe(2);
    expect(cache.get('/article/a')).toBeUndefined();
    expect(cache.get('/')).toBeUndefined();
    expect(cache.get('/article/b')?.fresh).toBe(true);
    // A render that began before it may show the story: it is not kept at all.
    const before = cache.purgeSeq;
    cache.purge(['!a:2']);
    cache.set('/article/b', url('/article/b'), [], page('b'), ['a:2'], undefined, before);
    expect(cache.get('/article/b')).toBeUndefined();
    cache.set('/article/c', url('/article/c'), [], page('c'), ['a:3'], undefined, before);
    expect(cache.get('/article/c')?.fresh).toBe(true);
  });

  it('stores afresh over a stale page, fresh again', () => {
    const cache = new PageCache();
    cache.set('/', url('/'), [], page('old'), ['l:all']);
    cache.purge(['l:all']);
    cache.set('/', url('/'), [], page('new'), ['l:all']);
    expect(cache.get('/')).toMatchObject({ fresh: true });
    expect(cache.get('/')?.page.body.toString()).toBe('new');
  });

  it('stores stale a page whose render began before a purge of what it shows, and fresh one that a purge did not concern', () => {
    const cache = new PageCache();
    const before = cache.purgeSeq;
    cache.purge(['a:1']);
    cache.set('/article/a', url('/article/a'), [], page('a'), ['a:1'], undefined, before);
    cache.set('/article/b', url('/article/b'), [], page('b'), ['a:2'], undefined, before);
    expect(cache.get('/article/a')?.fresh).toBe(false);
    expect(cache.get('/article/b')?.fresh).toBe(true);
  });

  it('stores stale a render older than every purge it remembers', () => {
    const cache = new PageCache();
    const before = cache.purgeSeq;
    for (let i = 0; i < 300; i++) cache.purge([`a:${1000 + i}`]);
    cache.set('/article/a', url('/article/a'), [], page('a'), ['a:1'], undefined, before);
    expect(cache.get('/article/a')?.fresh).toBe(false);
  });

  it('turns a page stale at its own time (a figure ageing, a release falling due)', () => {
    const cache = new PageCache();
    const now = 1_800_000_000_000;
    cache.set('/markets', url('/markets'), [], page('m'), ['market'], now + 60_000);
    expect(cache.get('/markets', now)?.fresh).toBe(true);
    expect(cache.get('/markets', now + 60_000)?.fresh).toBe(false);
  });
});

describe('PageCache settles the purges of a write before it is answered', () => {
  it('drops the pages the settled purges made stale, and keeps those a later purge did (served stale until it settles)', () => {
    const cache = new PageCache();
    cache.set('/article/a', url('/article/a'), [], page('a'), ['a:1']);
    cache.set('/article/b', url('/article/b'), [], page('b'), ['a:2']);
    cache.set('/article/c', url('/article/c'), [], page('c'), ['a:3']);
    cache.purge(['a:1']);
    const first = cache.purgeSeq;
    cache.purge(['a:2']);
    expect(cache.staleFrom('/article/a', first)).toBe(true);
    expect(cache.staleFrom('/article/b', first)).toBe(false);
    expect(cache.settle(first)).toBe(1);
    expect(cache.get('/article/a')).toBeUndefined();
    expect(cache.get('/article/b')?.fresh).toBe(false);
    expect(cache.get('/article/c')?.fresh).toBe(true);
    expect(cache.settle(cache.purgeSeq)).toBe(1);
    expect(cache.get('/article/b')).toBeUndefined();
    expect(cache.get('/article/c')?.fresh).toBe(true);
  });

  it('does not keep a render begun before a settled purge of what it shows, even when a later purge is not settled yet', () => {
    const cache = new PageCache();
    const before = cache.purgeSeq;
    cache.purge(['a:1']);
    cache.settle(cache.purgeSeq);
    cache.purge(['a:1']);
    cache.set('/article/a', url('/article/a'), [], page('a'), ['a:1'], undefined, before);
    expect(cache.get('/article/a')).toBeUndefined();
    // Begun after the settled purge, before the open one: kept, stale until that one settles.
    cache.set('/article/a', url('/article/a'), [], page('a'), ['a:1'], undefined, cache.purgeSeq - 1);
    expect(cache.get('/article/a')?.fresh).toBe(false);
    // Begun before the settled purge, but a render that purge did not concern: kept fresh.
    cache.set('/article/b', url('/article/b'), [], page('b'), ['a:2'], undefined, before);
    expect(cache.get('/article/b')?.fresh).toBe(true);
  });

  it('lists the stale pages up to a purge with their parameters, the most lately read first', () => {
    const cache = new PageCache();
    cache.set('/news?page=2', url('/news?page=2'), NEWS_PARAMS, page('2'), ['l:all']);
    cache.set('/', url('/'), [], page('home'), ['l:all']);
    cache.set('/article/a', url('/article/a'), [], page('a'), ['a:1']);
    const now = Date.now();
    cache.get('/', now + 1_000);
    cache.get('/news?page=2', now + 2_000);
    cache.purge(['l:all']);
    const through = cache.purgeSeq;
    cache.purge(['a:1']);
    expect(cache.staleThrough(through)).toEqual([
      { address: '/news?page=2', params: NEWS_PARAMS },
      { address: '/', params: [] },
    ]);
    expect(cache.staleThrough(cache.purgeSeq).map((p) => p.address)).toContain('/article/a');
  });
});

describe('PageCache renders', () => {
  it('renders a missing page once however many ask at the same moment', async () => {
    const cache = new PageCache();
    let renders = 0;
    let finish: (p: ReturnType<typeof page>) => void = () => undefined;
    const render = () => {
      renders++;
      return new Promise<ReturnType<typeof page>>((resolve) => (finish = resolve));
    };
    const waiting = Array.from({ length: 100 }, () => cache.renderOnce('/news', render));
    finish(page('news'));
    const pages = await Promise.all(waiting);
    expect(renders).toBe(1);
    expect(new Set(pages).size).toBe(1);
    // Once done, the next miss renders again.
    void cache.renderOnce('/news', render);
    expect(renders).toBe(2);
  });

  it('does not let a reader join a render begun before a purge this process applied since', async () => {
    const cache = new PageCache();
    const finishes: ((p: ReturnType<typeof page>) => void)[] = [];
    const render = () => new Promise<ReturnType<typeof page>>((resolve) => finishes.push(resolve));
    const early = cache.renderOnce('/news', render);
    expect(cache.renderOnce('/news', render)).toBe(early);
    cache.purge(['l:all']);
    const late = cache.renderOnce('/news', render);
    expect(late).not.toBe(early);
    expect(finishes).toHaveLength(2);
    // Later readers join the render begun after the purge; the earlier one's end does not forget it.
    finishes[0]!(page('old'));
    await early;
    expect(cache.renderOnce('/news', render)).toBe(late);
    finishes[1]!(page('new'));
    expect((await late).body.toString()).toBe('new');
  });

  it('lets a failed render fail every waiter, and the next ask try again', async () => {
    const cache = new PageCache();
    const failing = () => Promise.reject(new Error('database gone'));
    const both = [cache.renderOnce('/', failing), cache.renderOnce('/', failing)];
    for (const p of both) await expect(p).rejects.toThrow('database gone');
    await expect(cache.renderOnce('/', () => Promise.resolve(page('ok')))).resolves.toBeDefined();
  });

  it('hands the revalidation of a stale page to one caller until it ends', () => {
    const cache = new PageCache();
    expect(cache.claimRevalidation('/')).toBe(true);
    expect(cache.claimRevalidation('/')).toBe(false);
    cache.revalidated('/');
    expect(cache.claimRevalidation('/')).toBe(true);
  });
});

describe('answers', () => {
  it('answer 304 to the current ETag and the page to any other', () => {
    const stored = cachedPage('<p>gas</p>', [['content-type', 'text/html']], etagFor('<p>gas</p>'));
    const hit = answerFor(stored, request('/news?q=gas', { acceptEncoding: 'gzip' }));
    expect(hit.status).toBe(200);
    expect(hit.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(hit.body ?? Buffer.alloc(0)).toString()).toBe('<p>gas</p>');
    expect(answerFor(stored, request('/news?q=gas', { ifNoneMatch: stored.etag })).status).toBe(304);
    expect(answerFor(stored, request('/news?q=gas', { ifNoneMatch: etagFor('<p>oil</p>') })).status).toBe(200);
  });

  it('keep an image once and send it as it is, whatever encodings the client accepts', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(4000, 7)]);
    const headers: [string, string][] = [['content-type', 'image/png']];
    expect(await compressOffThread(png, 'image/png')).toBeNull();
    const stored = cachedPage(png, headers, etagFor(png), 200, await compressOffThread(png, 'image/png'));
    expect(stored.gzip).toBe(stored.body);
    expect(stored.br).toBe(stored.body);
    for (const acceptEncoding of ['br', 'gzip', 'gzip, br', undefined]) {
      const hit = answerFor(stored, request('/charts/markets/wti.png', acceptEncoding ? { acceptEncoding } : {}));
      expect(hit.headers['content-encoding']).toBeUndefined();
      expect(hit.headers['content-length']).toBe(String(png.length));
      expect(hit.body?.equals(png)).toBe(true);
    }
    // The cache counts the one copy.
    const cache = new PageCache(1_000_000);
    cache.set('/charts/markets/wti.png', new URL('http://x/charts/markets/wti.png'), [], stored);
    const text = cachedPage('x'.repeat(4004), [['content-type', 'text/csv']], etagFor('csv'));
    expect(text.gzip).not.toBe(text.body);
    expect(cache.bytes).toBeLessThan(png.length * 2);
  });

  it('sends no body to HEAD', () => {
    const answer = answerFor(page('hello'), { ...request('/'), method: 'HEAD' });
    expect(answer.body).toBeUndefined();
    expect(answer.headers['content-length']).toBe('5');
  });

  it('let shared caches keep a page a day when purges reach them, a minute otherwise, never past its own time', () => {
    expect(pageCacheControl({ purged: true })).toContain('s-maxage=86400');
    expect(pageCacheControl({ purged: false })).toContain('s-maxage=60');
    expect(pageCacheControl({ purged: true, validForSeconds: 90 })).toContain('s-maxage=90');
    expect(pageCacheControl({ purged: true, validForSeconds: -5 })).toContain('s-maxage=1');
    expect(pageCacheControl({ purged: false })).toMatch(/^public, max-age=0, must-revalidate, /);
  });
});

describe('cached pages', () => {
  it('hold the body compressed with gzip and brotli, decompressing to the same bytes', () => {
    const html = '<!doctype html><p>' + 'energy '.repeat(500) + '</p>';
    const stored = cachedPage(html, [['content-type', 'text/html']], etagFor('k'));
    expect(gunzipSync(stored.gzip).toString()).toBe(html);
    expect(brotliDecompressSync(stored.br).toString()).toBe(html);
    expect(stored.br.length).toBeLessThan(html.length / 10);
  });

  it('are sent in the best encoding the client accepts, honouring q-values', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding('gzip;q=0, identity')).toBeUndefined();
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });

  it('are picked afresh for each header, the same header twice or after another alike', () => {
    // The last header's answer is remembered: one header's answer never leaks to another.
    const headers = ['gzip, br', 'gzip, br', 'br;q=0, gzip', 'identity', '', 'gzip, br', 'gzip;q=0', 'gzip;q=0'];
    expect(headers.map((h) => pickEncoding(h))).toEqual(['br', 'br', 'gzip', undefined, undefined, 'br', undefined, undefined]);
  });
});
