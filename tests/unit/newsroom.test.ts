import { describe, expect, it } from 'vitest';
import { authorUrl, topicUrl } from '@/lib/archive-urls';
import { readingMinutes, shareLinks, wasUpdated } from '@/lib/article-meta';
import { breadcrumbList } from '@/lib/json-ld';
import * as z from '@/lib/validation/zod-mini';
import { authorCreateSchema, authorFormSchema, authorUpdateSchema } from '@/lib/validation/author';
import { toRelatedFtsQuery } from '@/server/queries/article-search';
import { slugFromName } from '@/server/services/articles/authors';

describe('article meta', () => {
  it('estimates whole minutes of reading from the body text, tags and entities left out', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes(`<p>${'word '.repeat(460)}</p>`)).toBe(2);
    expect(readingMinutes(`<p class="x">${'a&nbsp;b '.repeat(345)}</p>`)).toBe(3);
  });

  it('says an article was updated only when it changed well after publishing', () => {
    const at = '2026-01-01T12:00:00.000Z';
    expect(wasUpdated(at, at)).toBe(false);
    expect(wasUpdated(at, '2026-01-01T12:05:00.000Z')).toBe(false);
    expect(wasUpdated(at, '2026-01-01T15:00:00.000Z')).toBe(true);
  });

  it('builds plain share links with the address and title encoded', () => {
    const links = shareLinks('https://x.example/article/a-b', 'Gas & Power: Q4?');
    expect(links.map((l) => l.network)).toEqual(['x', 'linkedin', 'facebook', 'email']);
    expect(links[0]?.href).toBe('https://x.com/intent/post?url=https%3A%2F%2Fx.example%2Farticle%2Fa-b&text=Gas%20%26%20Power%3A%20Q4%3F');
    expect(links[3]?.href).toBe('mailto:?subject=Gas%20%26%20Power%3A%20Q4%3F&body=https%3A%2F%2Fx.example%2Farticle%2Fa-b');
  });

  it('gives archive addresses and breadcrumbs', () => {
    expect(topicUrl('coal')).toBe('/category/coal');
    expect(topicUrl('coal', 3)).toBe('/category/coal?page=3');
    expect(authorUrl('dana-whitfield', 1)).toBe('/author/dana-whitfield');
    expect(breadcrumbList([{ name: 'News', path: '/news' }], new URL('https://e.example'))).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [{ '@type': 'ListItem', position: 1, name: 'News', item: 'https://e.example/news' }],
    });
  });
});

describe('related stories', () => {
  it('asks the full-text index for any of the distinctive words of title and excerpt', () => {
    expect(toRelatedFtsQuery({ title: 'The Henry Hub rally of 2026', excerpt: 'Henry Hub prices rose as LNG demand grew.' })).toBe(
      '"henry" OR "hub" OR "rally" OR "prices" OR "rose" OR "lng" OR "demand" OR "grew"',
    );
    expect(toRelatedFtsQuery({ title: 'A to Z', excerpt: 'of the 2026' })).toBeUndefined();
    // Quotes and operators in the text never reach the query as syntax.
    expect(toRelatedFtsQuery({ title: 'Gas "NEAR" OR* drill', excerpt: '' })).toBe('"gas" OR "drill"');
    expect(toRelatedFtsQuery({ title: 'Gas "SALT" OR* drill', excerpt: '' })).toBe('"gas" OR "salt" OR "drill"');
  });

  it('leaves out the words of any headline, which tie unrelated stories together', () => {
    // "Holds", "near" and "record" once tied the Permian oil story to a coal story whose exports "hold steady".
    expect(toRelatedFtsQuery({ title: 'Permian Output Holds Near Record as Rig Count Slips', excerpt: '' })).toBe('"permian" OR "output" OR "rig"');
    expect(toRelatedFtsQuery({ title: 'Appalachian Metallurgical Coal Exports Hold Steady', excerpt: '' })).toBe(
      '"appalachian" OR "metallurgical" OR "coal" OR "exports"',
    );
  });
});

describe('authors', () => {
  it('makes slugs from names', () => {
    // A name, and the slug made from it: accents dropped, `&` said, and a fallback for a name without Latin letters.
    const slugs = { "Seán O'Brien": 'sean-obrien', 'Jo & Co.': 'jo-and-co', 李明: 'author' };
    for (const [name, slug] of Object.entries(slugs)) expect(slugFromName(name), name).toBe(slug);
  });

  it('accepts http(s) links and photos and refuses anything else', () => {
    const base = { name: 'Casey', slug: 'casey' };
    expect(z.safeParse(authorCreateSchema, { ...base, links: [{ label: 'Site', url: 'https://casey.example' }] }).success).toBe(true);
    expect(z.safeParse(authorCreateSchema, { ...base, photoUrl: '/images/a.jpg' }).success).toBe(true);
    for (const url of ['javascript:alert(1)', 'ftp://x.example', '//x.example', 'https://', 'mailto:a@b.example']) {
      expect(z.safeParse(authorCreateSchema, { ...base, links: [{ label: 'x', url }] }).success, url).toBe(false);
    }
    expect(z.safeParse(authorCreateSchema, { ...base, photoUrl: 'data:image/png;base64,x' }).success).toBe(false);
    // Photos load under the site's CSP: https or the site's own paths only.
    expect(z.safeParse(authorCreateSchema, { ...base, photoUrl: 'http://images.example/a.jpg' }).success).toBe(false);
    expect(z.safeParse(authorCreateSchema, { ...base, photoUrl: 'https://images.example/a.jpg' }).success).toBe(true);
    expect(z.safeParse(authorUpdateSchema, { links: Array.from({ length: 9 }, () => ({ label: 'x', url: 'https://x.example' })) }).success).toBe(
      false,
    );
  });

  it('reads the form’s links one per line', () => {
    const parsed = z.safeParse(authorFormSchema, {
      name: 'Casey',
      slug: 'casey',
      title: '',
      bio: '',
      photoUrl: '',
      links: 'Website | https://casey.example\n\n  Mastodon|https://m.example/@casey  ',
    });
    expect(parsed.success && parsed.data.links).toEqual([
      { label: 'Website', url: 'https://casey.example' },
      { label: 'Mastodon', url: 'https://m.example/@casey' },
    ]);
    const bad = z.safeParse(authorFormSchema, { name: 'Casey', slug: 'casey', title: '', bio: '', photoUrl: '', links: 'https://casey.example' });
    expect(bad.success).toBe(false);
  });
});
