import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { marketObservations, marketSeries } from '@db/schema';
import { tag } from '@/server/cache/tags';
import { insertPagePurge } from '@/server/queries/page-purges';
import { bumpContentVersion } from '@/server/queries/site-state';
import { apiClient } from '../helpers/api-client.ts';
import { purgeCommitted, fetchCurrent } from '../helpers/purge.ts';
import { useTestServer } from '../helpers/test-server.ts';

// Link-preview images of the data pages: each page names its chart's card (og:image and
// twitter:image with size and text), a 1200×630 PNG at a versioned address, kept in the page
// cache with the tags of its figures and named anew when they change.
const server = useTestServer({ ADMIN_PASSWORD: 'chart-previews-password', TRUST_PROXY: 'true' });
const { currentPage } = apiClient(server, 'chart-previews-password');
const SITE = 'http://localhost:4321';

const meta = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&').replace(/&#39;/g, "'");

/** The head's preview image of a page: its path on the site, and what the head says of it. */
async function previewOf(page: string) {
  const html = (await currentPage(page)).text;
  const url = meta(html, 'property', 'og:image') ?? '';
  expect(url.startsWith(`${SITE}/`), url).toBe(true);
  expect(meta(html, 'name', 'twitter:image')).toBe(url);
  return {
    path: url.slice(SITE.length),
    width: meta(html, 'property', 'og:image:width'),
    height: meta(html, 'property', 'og:image:height'),
    alt: meta(html, 'property', 'og:image:alt') ?? '',
    twitterAlt: meta(html, 'name', 'twitter:image:alt'),
  };
}

const get = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${server.url}${path}`, { redirect: 'manual', ...init });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
};

describe('a series page’s preview', () => {
  it('is its chart’s card: named in the head with size and text, a 1200×630 PNG cached for good, tagged with the market figures', async () => {
    const preview = await previewOf('/markets/wti');
    expect(preview.path).toMatch(/^\/og\/markets\/wti\.png\?v=[a-z0-9]{16}$/);
    expect([preview.width, preview.height]).toEqual(['1200', '630']);
    // The alt text names the chart and its latest figure with its date and unit.
    expect(preview.alt).toMatch(/^Chart: .*WTI.*\. Latest: \$\d+\.\d\d\/bbl, as of \w{3} \d{1,2}, \d{4}\. /);
    expect(preview.twitterAlt).toBe(preview.alt);

    const first = await get(preview.path);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('Content-Type')).toBe('image/png');
    expect(first.res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(first.res.headers.get('ETag')).toMatch(/^"[\w-]{27}"$/);
    expect(first.res.headers.get('Surrogate-Key')?.split(' ')).toContain(tag.market);
    const info = await sharp(first.body).metadata();
    expect([info.format, info.width, info.height]).toEqual(['png', 1200, 630]);
    // From the page cache the second time, and a 304 for the ETag.
    const again = await get(preview.path);
    expect(again.res.headers.get('X-Cache')).toBe('HIT');
    expect(again.body.equals(first.body)).toBe(true);
    const revalidated = await get(preview.path, { headers: { 'If-None-Match': first.res.headers.get('ETag') ?? '' } });
    expect(revalidated.res.status).toBe(304);
  });

  it('shows the page’s view: another range is another card at another address', async () => {
    const year = await previewOf('/markets/wti');
    const five = await previewOf('/markets/wti?range=5y');
    expect(five.path).toMatch(/^\/og\/markets\/wti\.png\?range=5y&v=[a-z0-9]{16}$/);
    const [a, b] = await Promise.all([get(year.path), get(five.path)]);
    expect([a.res.status, b.res.status]).toEqual([200, 200]);
    expect(a.body.equals(b.body)).toBe(false);
  });

  it('sends an old, missing or misspelled version to the current address, which moves when an import changes the figures', async () => {
    const before = await previewOf('/markets/brent');
    const current = before.path.slice(before.path.indexOf('v='));
    for (const asked of ['/og/markets/brent.png', '/og/markets/brent.png?v=0000000000000000', `/og/markets/brent.png?range=1y&${current}`]) {
      const { res } = await get(asked);
      expect(res.status, asked).toBe(302);
      expect(res.headers.get('Location'), asked).toBe(before.path);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
    }
    expect((await get(before.path)).res.status).toBe(200);

    // A new figure, and the purge an import logs for the market figures.
    const db = server.database.db;
    const [brent] = await db.select({ id: marketSeries.id }).from(marketSeries).where(eq(marketSeries.slug, 'brent'));
    await db.insert(marketObservations).values({ seriesId: brent?.id ?? 0, period: '2099-01-02', value: 123.45 });
    await bumpContentVersion(db);
    await insertPagePurge([tag.market], new Date(), db);
    await purgeCommitted(db);

    const after = await previewOf('/markets/brent');
    expect(after.path).not.toBe(before.path);
    expect(after.alt).toContain('Latest: $123.45/bbl, as of Jan 2, 2099.');
    // The cached image of the old version was dropped with the figures: its address now sends on.
    const old = await fetchCurrent(`${server.url}${before.path}`, { redirect: 'manual' });
    expect(old.status).toBe(302);
    expect(old.headers.get('Location')).toBe(after.path);
    const fresh = await get(after.path);
    expect(fresh.res.status).toBe(200);
    expect((await sharp(fresh.body).metadata()).width).toBe(1200);
  });

  it('answers malformed and oversized queries with the contract’s JSON 400, and an unknown series with a 404', async () => {
    for (const query of [
      'v=not-a-version',
      'v=0000000000000000&v=1111111111111111',
      `v=${'a'.repeat(5000)}`,
      'range=forever',
      'measure=cubed',
      'outlook=maybe',
      'compare=no-such-series',
      `compare=${Array.from({ length: 400 }, (_, i) => `s${i}`).join(',')}`,
      'compare=brent,brent',
      'range=1y&range=5y',
      'compare=%ZZ',
    ]) {
      const { res, body } = await get(`/og/markets/wti.png?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.headers.get('Content-Type'), query).toMatch(/^application\/json/);
      const error = JSON.parse(body.toString()) as { message?: unknown; errors?: Record<string, string[]> };
      expect(typeof error.message, query).toBe('string');
      expect(Object.keys(error.errors ?? {}).length, query).toBeGreaterThan(0);
    }
    for (const path of ['/og/markets/no-such-series.png', '/og/markets/Bad_Slug.png']) {
      expect((await get(path)).res.status, path).toBe(404);
    }
  });
});

describe('the grid, state and analysis pages’ previews', () => {
  it('are their first chart’s card with its latest figure, tagged with the figures they draw', async () => {
    const cases = [
      {
        page: '/grid',
        path: /^\/og\/grid\/US48\.png\?v=[a-z0-9]{16}$/,
        alt: /^Chart: .*hourly demand.*\. Latest: [\d,.]+ GW, as of /,
        tag: tag.gridRegion('US48'),
      },
      { page: '/grid/TEX', path: /^\/og\/grid\/TEX\.png\?v=[a-z0-9]{16}$/, alt: /^Chart: Texas: hourly demand/, tag: tag.gridRegion('TEX') },
      {
        page: '/states/TX',
        path: /^\/og\/states\/TX\.png\?v=[a-z0-9]{16}$/,
        alt: /^Chart: Texas: residential electricity price.*Latest: [\d.]+ ¢\/kWh, as of /,
        tag: tag.states,
      },
      {
        page: '/states/TX?sector=commercial',
        path: /^\/og\/states\/TX\.png\?sector=commercial&v=[a-z0-9]{16}$/,
        alt: /commercial electricity price/,
        tag: tag.states,
      },
      {
        page: '/analytics/1',
        path: /^\/og\/analytics\/1\.png\?v=[a-z0-9]{16}$/,
        alt: /^Chart: .+\. Latest: .+, as of \w{3} \d{1,2}, \d{4}\. /,
        tag: tag.analysis(1),
      },
    ];
    for (const { page, path, alt, tag: expectedTag } of cases) {
      const preview = await previewOf(page);
      expect(preview.path, page).toMatch(path);
      expect([preview.width, preview.height], page).toEqual(['1200', '630']);
      expect(preview.alt, page).toMatch(alt);
      const { res, body } = await get(preview.path);
      expect(res.status, page).toBe(200);
      expect(res.headers.get('Cache-Control'), page).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('Surrogate-Key')?.split(' '), page).toContain(expectedTag);
      const info = await sharp(body).metadata();
      expect([info.format, info.width, info.height], page).toEqual(['png', 1200, 630]);
    }
    // Another spelling of the region or state is sent to its one address.
    const texas = await previewOf('/grid/TEX');
    const lower = await get(texas.path.replace('/TEX.png', '/tex.png'));
    expect([lower.res.status, lower.res.headers.get('Location')]).toEqual([302, texas.path]);
    const residential = await previewOf('/states/TX');
    const spelled = await get(residential.path.replace('?v=', '?sector=residential&v='));
    expect([spelled.res.status, spelled.res.headers.get('Location')]).toEqual([302, residential.path]);
  });

  it('answer malformed queries with the contract’s JSON 400 and unknown pages with a 404', async () => {
    for (const path of [
      '/og/grid/US48.png?v=bad',
      `/og/grid/US48.png?v=${'x'.repeat(3000)}`,
      '/og/states/TX.png?sector=nuclear',
      '/og/states/TX.png?sector=commercial&sector=industrial',
      '/og/analytics/1.png?v=0000000000000000&v=0000000000000000',
    ]) {
      const { res, body } = await get(path);
      expect(res.status, path).toBe(400);
      expect((JSON.parse(body.toString()) as { message?: unknown }).message, path).toEqual(expect.any(String));
    }
    for (const path of [
      '/og/grid/NOPE.png',
      '/og/grid/US48US48US48.png',
      '/og/states/ZZ.png',
      '/og/states/TEX.png',
      '/og/analytics/0.png',
      '/og/analytics/999999.png',
    ]) {
      const { res } = await get(path);
      expect(res.status, path).toBe(404);
    }
  });
});
