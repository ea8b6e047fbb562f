import { describe, expect, it } from 'vitest';
import { PageCache, TIME_BUCKET_MS, cachedPage, etagFor, matchesEtag, pageCacheKey, pickEncoding } from '@/server/cache';

describe('page cache keys', () => {
  const url = new URL('http://localhost/news?q=gas&category=coal');
  const now = 1_700_000_000_000;

  it('change with the content version', () => {
    expect(pageCacheKey(url, '1', now)).not.toBe(pageCacheKey(url, '2', now));
  });

  it('change when the time bucket passes', () => {
    expect(pageCacheKey(url, '1', now)).not.toBe(pageCacheKey(url, '1', now + TIME_BUCKET_MS));
  });

  it('do not depend on the order of query parameters', () => {
    expect(pageCacheKey(url, '1', now)).toBe(pageCacheKey(new URL('http://localhost/news?category=coal&q=gas'), '1', now));
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
  it('evicts the least recently used page beyond its size', () => {
    const cache = new PageCache();
    const page = cachedPage('x', [], etagFor('x'));
    for (let i = 0; i < 500; i++) cache.set(`k${i}`, page);
    cache.get('k0');
    cache.set('k500', page);
    expect(cache.size).toBe(500);
    expect(cache.get('k0')).toBeDefined();
    expect(cache.get('k1')).toBeUndefined();
  });

  it('knows which pages it may hold, across versions, until their last entry is evicted', () => {
    const cache = new PageCache();
    const page = cachedPage('x', [], etagFor('x'));
    const news = new URL('http://localhost/news?q=gas&category=oil');
    expect(cache.mayHold(news)).toBe(false);
    cache.set(pageCacheKey(news, 'v1'), page);
    cache.set(pageCacheKey(news, 'v2'), page);
    // The same page whatever the order of its query parameters; not another page.
    expect(cache.mayHold(new URL('http://localhost/news?category=oil&q=gas'))).toBe(true);
    expect(cache.mayHold(new URL('http://localhost/images/a.jpg'))).toBe(false);
    for (let i = 0; i < 499; i++) cache.set(pageCacheKey(new URL(`http://localhost/article/a${i}`), 'v2'), page);
    expect(cache.mayHold(news)).toBe(true);
    cache.set(pageCacheKey(new URL('http://localhost/'), 'v2'), page);
    expect(cache.mayHold(news)).toBe(false);
  });
});

describe('cached pages', () => {
  it('hold the body compressed with gzip and brotli, decompressing to the same bytes', async () => {
    const { gunzipSync, brotliDecompressSync } = await import('node:zlib');
    const html = '<!doctype html><p>' + 'energy '.repeat(500) + '</p>';
    const page = cachedPage(html, [['content-type', 'text/html']], etagFor('k'));
    expect(gunzipSync(page.gzip).toString()).toBe(html);
    expect(brotliDecompressSync(page.br).toString()).toBe(html);
    expect(page.br.length).toBeLessThan(html.length / 10);
  });

  it('prefer brotli, then gzip, else identity', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});
