import { describe, expect, it } from 'vitest';
import { tagsToPurge, type ArticleFacts } from '@/server/cache/tags';

const facts: ArticleFacts = {
  id: 7,
  public: true,
  publishedAt: '2026-11-20T14:00:00.000Z',
  categorySlug: 'oil-gas',
  authorSlug: 'jane-doe',
  featured: false,
  slug: 'permian-output',
  title: 'Permian output climbs',
  imageUrl: '/uploads/permian.jpg',
};
const edit = (after: Partial<ArticleFacts>, textChanged = true) =>
  tagsToPurge({ kind: 'article', before: facts, after: { ...facts, ...after }, textChanged });

describe("what an article's change purges", () => {
  it('an excerpt or body edit: the pages showing the story, not those showing its headline only', () => {
    const tags = edit({});
    expect(tags).toContain('a:7');
    expect(tags).toContain('l:search');
    expect(tags).not.toContain('h:7');
    expect(tags).not.toContain('l:all');
  });

  it.each([
    ['title', { title: 'Permian output climbs again' }],
    ['image', { imageUrl: '/uploads/permian-2.jpg' }],
    ['address', { slug: 'permian-output-climbs' }],
    ['topic', { categorySlug: 'coal' }],
    ['publish time', { publishedAt: '2026-11-21T14:00:00.000Z' }],
  ])('a new %s: the pages showing its headline as well', (_, change) => {
    const tags = edit(change);
    expect(tags).toContain('a:7');
    expect(tags).toContain('h:7');
  });

  it('a byline or featured change leaves the headline alone', () => {
    expect(edit({ authorSlug: 'john-roe' }, false)).not.toContain('h:7');
    expect(edit({ featured: true }, false)).not.toContain('h:7');
  });

  it('taken off the site: the story and its headline dropped everywhere, never served stale', () => {
    const tags = tagsToPurge({ kind: 'article', before: facts, after: { ...facts, public: false } });
    expect(tags).toContain('!a:7');
    expect(tags).toContain('!h:7');
    expect(tagsToPurge({ kind: 'article', before: facts })).toEqual(expect.arrayContaining(['!a:7', '!h:7']));
  });
});

describe('what a change of market figures purges', () => {
  it('the market pages and the stories showing the series written, by series; every such story when the change names none', () => {
    expect(tagsToPurge({ kind: 'market', series: ['wti', 'brent'] })).toEqual(['market', 's:wti', 's:brent', 'any']);
    expect(tagsToPurge({ kind: 'market', series: [] })).toEqual(['market', 'any']);
    expect(tagsToPurge({ kind: 'market' })).toEqual(['market', 's:*', 'any']);
  });
});
