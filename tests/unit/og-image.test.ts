import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { categoryBadgeColors } from '@/lib/categories';
import { OG_HEIGHT, OG_WIDTH, cleanTitle, ogCardSvg, ogCardVersion, renderOgCard, textWidth, wrapText } from '@/server/og-image';
import { articleOgCard } from '@/server/services/media/og-images';

// A measure of one unit per character keeps the wrapping cases readable.
const chars = (text: string) => [...text].length;

describe('title wrapping', () => {
  it('breaks between words, filling each line', () => {
    expect(wrapText('Oil prices rise on supply fears', 12, 4, chars)).toEqual(['Oil prices', 'rise on', 'supply fears']);
  });

  it('ends the last line with an ellipsis when the title needs more lines, trimming words and punctuation to fit', () => {
    expect(wrapText('one two three four five six seven eight', 9, 2, chars)).toEqual(['one two', 'three…']);
    expect(wrapText('alpha, beta gamma delta', 10, 1, chars)).toEqual(['alpha…']);
    expect(wrapText('alpha, beta gamma delta', 12, 1, chars)).toEqual(['alpha, beta…']);
  });

  it('breaks a word longer than a line inside it', () => {
    expect(wrapText('Supercalifragilistic grid', 8, 4, chars)).toEqual(['Supercal', 'ifragili', 'stic', 'grid']);
    expect(wrapText('Supercalifragilistic', 8, 2, chars)).toEqual(['Supercal', 'ifragil…']);
  });

  it('collapses white space and drops control characters', () => {
    expect(cleanTitle('  Gas\u0000 and\n\tpower \u200b ')).toBe('Gas and power');
    expect(wrapText('\n\n', 10, 4, chars)).toEqual([]);
  });

  it('measures the real glyphs: a line of "W" is wider than one of "i"', () => {
    expect(textWidth('WWWW', 62)).toBeGreaterThan(2 * textWidth('iiii', 62));
    expect(textWidth('', 62)).toBe(0);
  });
});

describe('card drawing', () => {
  const card = (title: string) => articleOgCard({ title, publishedAt: '2026-11-20T15:00:00.000Z', category: { name: 'Oil & Gas', slug: 'oil-gas' } });

  it('draws every text as outlines, so no title can end up as markup in the SVG', () => {
    const svg = ogCardSvg(card('</svg><script>alert("x")</script> & <b>bold</b> ]]>'));
    expect(svg).not.toMatch(/<script|<b>|alert|&(?!#)|]]>/);
    expect(svg.match(/<svg/g)).toHaveLength(1);
    expect(svg).toContain(categoryBadgeColors('oil-gas').background);
  });

  it('renders a 1200×630 PNG, the same bytes for the same card and other bytes for another title', async () => {
    const a = await renderOgCard(card('Brent slips below $70 as OPEC+ weighs output'));
    const meta = await sharp(a).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', OG_WIDTH, OG_HEIGHT]);
    expect((await renderOgCard(card('Brent slips below $70 as OPEC+ weighs output'))).equals(a)).toBe(true);
    expect((await renderOgCard(card('Henry Hub rallies on early cold'))).equals(a)).toBe(false);
  });

  it('versions a card by everything it shows', () => {
    const base = card('Title');
    expect(ogCardVersion(base)).toMatch(/^[a-z0-9]{16}$/);
    expect(ogCardVersion(card('Title'))).toBe(ogCardVersion(base));
    expect(ogCardVersion(card('Other title'))).not.toBe(ogCardVersion(base));
    expect(ogCardVersion({ ...base, labelColors: categoryBadgeColors('nuclear') })).not.toBe(ogCardVersion(base));
    expect(ogCardVersion({ ...base, footer: 'December 1, 2026' })).not.toBe(ogCardVersion(base));
  });
});
