import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { escapeXml, wrapTitle } from '@/lib/og-text';
import { articleOgSvg, articleOgVersion, renderArticleOgImage } from '@/server/services/og-image';

const article = {
  slug: 'x',
  title: 'Henry Hub jumps as storage draws beat forecasts',
  publishedAt: '2026-11-19T15:30:00.000Z',
  category: { name: 'Oil & Gas', slug: 'oil-gas' },
};

describe('the title of a share image', () => {
  it('breaks at spaces into lines that fit', () => {
    expect(wrapTitle('Henry Hub jumps as storage draws beat forecasts', 20, 4)).toEqual(['Henry Hub jumps as', 'storage draws beat', 'forecasts']);
    expect(wrapTitle('  One  ', 20, 4)).toEqual(['One']);
  });

  it('ends a title that does not fit with an ellipsis, and cuts a word longer than a line', () => {
    expect(wrapTitle('one two three four five six', 9, 2)).toEqual(['one two', 'three…']);
    expect(wrapTitle('abcdefghijklmnop', 8, 2)).toEqual(['abcdefgh']);
    const long = wrapTitle('word '.repeat(100), 30, 4);
    expect(long).toHaveLength(4);
    expect(long.every((line) => line.length <= 30)).toBe(true);
    expect(long[3]?.endsWith('…')).toBe(true);
  });

  it('escapes what SVG would read as markup', () => {
    expect(escapeXml(`<script>&"'`)).toBe('&lt;script&gt;&amp;&quot;&apos;');
    const svg = articleOgSvg({ ...article, title: 'A & B </text><svg onload=x>' });
    expect(svg).not.toContain('<svg onload');
    expect(svg).toContain('>A &amp; B &lt;/text&gt;&lt;svg onload=x&gt;</text>');
    expect(svg.match(/<text /g)).toHaveLength(5); // name, tagline, category, one title line, date
  });
});

describe('the share image of an article', () => {
  it('is a PNG of 1200 × 630 whose version changes with what it shows', async () => {
    const png = await renderArticleOgImage(article);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect(articleOgVersion(article)).toBe(articleOgVersion({ ...article }));
    expect(articleOgVersion({ ...article, title: 'Another title' })).not.toBe(articleOgVersion(article));
    expect(articleOgVersion({ ...article, category: { name: 'Coal', slug: 'coal' } })).not.toBe(articleOgVersion(article));
  });
});
