import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  PageCache,
  TIME_BUCKET_MS,
  answerFor,
  cachedPage,
  etagFor,
  lookupPage,
  matchesEtag,
  pageAddress,
  pageCacheKey,
  pickEncoding,
} from '@/server/page-cache';

const NEWS_PARAMS = ['category', 'q', 'page'];
const page = (text = 'x') => cachedPage(text, [['content-type', 'text/html']], etagFor(text));
const request = (url: string, headers: { ifNoneMatch?: string; acceptEncoding?: string } = {}) => ({
  method: 'GET',
  url: new URL(url, 'http://localhost'),
  ifNoneMatch: headers.ifNoneMatch,
  acceptEncoding: headers.acceptEncoding,
});

describe('page addresses and keys', () => {
  const now = 1_700_000_000_000;
  const address = pageAddress(new URL('http://localhost/news?q=gas&category=coal'), NEWS_PARAMS);

  it('change with the content version and the time bucket', () => {
    expect(pageCacheKey(address, '1', now)).not.toBe(pageCacheKey(address, '2', now));
    expect(pageCacheKey(address, '1', now)).not.toBe(pageCacheKey(address, '1', now + TIME_BUCKET_MS));
  });

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

describe('PageCache across content versions and minutes', () => {
  it('lets go of every page of an earlier version or minute as soon as a newer one is stored', () => {
    const cache = new PageCache();
    const small = page('x');
    const minute = TIME_BUCKET_MS * 1_000_000;
    cache.set(pageCacheKey('/news', '7', minute), new URL('http://localhost/news'), NEWS_PARAMS, small);
    cache.set(pageCacheKey('/', '7', minute), new URL('http://localhost/'), [], small);
    expect(cache.size).toBe(2);
    // The next minute: the old pages can never be asked for again.
    cache.set(pageCacheKey('/', '7', minute + TIME_BUCKET_MS), new URL('http://localhost/'), [], small);
    expect(cache.size).toBe(1);
    expect(cache.paramsFor('/news')).toBeUndefined();
    // A publish (new content version) does the same.
    cache.set(pageCacheKey('/news', '8', minute + TIME_BUCKET_MS), new URL('http://localhost/news'), NEWS_PARAMS, small);
    expect(cache.size).toBe(1);
    expect(cache.get(pageCacheKey('/news', '8', minute + TIME_BUCKET_MS))).toBeDefined();
  });
});

describe('lookupPage', () => {
  it('misses with the key to store under, then hits; answers 304 to the current ETag', () => {
    const cache = new PageCache();
    const first = lookupPage(cache, request('/news?q=gas&fbclid=1'), NEWS_PARAMS, '7');
    if (!('miss' in first)) throw new Error('expected a miss');
    const stored = cachedPage('<p>gas</p>', [['content-type', 'text/html']], first.miss.etag);
    cache.set(first.miss.key, new URL('http://localhost/news?q=gas'), NEWS_PARAMS, stored);
    const hit = lookupPage(cache, request('/news?q=gas&utm=2', { acceptEncoding: 'gzip' }), NEWS_PARAMS, '7');
    if (!('answer' in hit)) throw new Error('expected a hit');
    expect(hit.answer.status).toBe(200);
    expect(hit.answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(hit.answer.body ?? Buffer.alloc(0)).toString()).toBe('<p>gas</p>');
    const revalidated = lookupPage(cache, request('/news?q=gas', { ifNoneMatch: first.miss.etag }), NEWS_PARAMS, '7');
    expect('answer' in revalidated && revalidated.answer.status).toBe(304);
    // A new content version is another page.
    expect('miss' in lookupPage(cache, request('/news?q=gas', { ifNoneMatch: first.miss.etag }), NEWS_PARAMS, '8')).toBe(true);
  });

  it('sends no body to HEAD', () => {
    const answer = answerFor(page('hello'), { ...request('/'), method: 'HEAD' });
    expect(answer.body).toBeUndefined();
    expect(answer.headers['content-length']).toBe('5');
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
});
