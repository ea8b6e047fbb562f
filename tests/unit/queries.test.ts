import { describe, expect, it } from 'vitest';
import { fuelColor } from '@db/catalog/fuels';
import { DEFAULT_RENEWABLE_SHARE, energyMixColors, renewableShare } from '@/lib/dashboard';
import { categoryBadgeClass } from '@/lib/categories';
import { articleListQuerySchema } from '@/lib/validation/article-list-query';
import { newsPageQuerySchema } from '@/lib/validation/news-page-query';
import { toFtsQuery } from '@/server/queries/article-search';
import { isActiveLink } from '@/lib/site';

describe('toFtsQuery', () => {
  it('turns words into quoted prefix terms', () => {
    expect(toFtsQuery('Henry Hub')).toBe('"henry"* "hub"*');
  });

  it('drops FTS syntax a visitor could type', () => {
    expect(toFtsQuery('"gas" OR (coal*) NEAR/2 -x')).toBe('"gas"* "or"* "coal"* "near"* "2"* "x"*');
    expect(toFtsQuery('  ""  ')).toBeUndefined();
  });
});

describe('article list query', () => {
  it('defaults limit and offset', () => {
    expect(articleListQuerySchema.parse({})).toEqual({ limit: 20, offset: 0, fields: 'full' });
  });

  it('rejects bad values with field messages', () => {
    const result = articleListQuerySchema.safeParse({ limit: '0', category: 'Not A Slug' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual(['category', 'limit']);
  });

  it('falls back to defaults on the news page instead of failing', () => {
    expect(newsPageQuerySchema.parse({ category: '<x>', page: '-3', q: 'gas' })).toEqual({ category: 'all', q: 'gas', page: 1 });
  });
});

describe('dashboard constants', () => {
  it('uses the Renewables entry for the share, else 23.1%', () => {
    expect(renewableShare([{ source: 'Renewables', percentage: 30 }])).toBe(30);
    expect(renewableShare([{ source: 'Coal', percentage: 100 }])).toBe(DEFAULT_RENEWABLE_SHARE);
  });

  it('colors the pie the same way every time', () => {
    expect(
      energyMixColors([
        { source: 'Coal', percentage: 1 },
        { source: 'Natural Gas', percentage: 1 },
      ]),
    ).toEqual([fuelColor('Coal'), fuelColor('Natural gas')]);
  });
});

describe('badges and navigation', () => {
  it('colors known categories and grays the rest', () => {
    // Each topic's slug and the color its badge is drawn in; `hydrogen` is no topic.
    const colors: Record<string, string> = {
      'oil-gas': 'blue',
      renewables: 'green',
      utilities: 'purple',
      nuclear: 'orange',
      coal: 'gray',
      'policy-regulation': 'red',
      hydrogen: 'gray',
    };
    for (const [slug, color] of Object.entries(colors)) expect(categoryBadgeClass(slug), slug).toContain(color);
  });

  it('highlights links by path prefix, Home only at the root', () => {
    expect(isActiveLink('/', '/')).toBe(true);
    expect(isActiveLink('/', '/news')).toBe(false);
    expect(isActiveLink('/news', '/news')).toBe(true);
    expect(isActiveLink('/news', '/newsletter')).toBe(false);
    expect(isActiveLink('/analytics', '/analytics/x')).toBe(true);
  });
});

describe('article image addresses', () => {
  it('take http(s) addresses and site paths, never an address that leaves for another host', async () => {
    const { articleUpdateSchema } = await import('@/lib/validation/article');
    const ok = (imageUrl: string) => articleUpdateSchema.safeParse({ imageUrl }).success;
    expect(ok('/images/a.jpg')).toBe(true);
    expect(ok('https://cdn.example.com/a.jpg')).toBe(true);
    expect(ok('')).toBe(true);
    for (const bad of [
      '//other-host/x.png',
      '/\\other-host/x.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAA',
      '/images/a\\b.png',
      'http:/\\host',
    ]) {
      expect(ok(bad), bad).toBe(false);
    }
  });
});
