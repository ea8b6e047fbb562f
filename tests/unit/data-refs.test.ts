import { describe, expect, it } from 'vitest';
import { chartRefPath, findRefs, refHtml, replaceRefs, seriesOfRef } from '@/lib/data-refs';
import { sanitizeArticleHtml } from '@/server/html';

const figure = '<data-figure series="wti" date="2026-11-25" value="78.31"></data-figure>';
const chart = '<data-chart kind="markets" key="wti" range="5y" compare="brent" caption="WTI and Brent since 2021"></data-chart>';

describe('the sanitizer and data references', () => {
  it('keeps a figure and a chart block with valid attributes, as the editor writes them', () => {
    const html = `<p>WTI settled at ${figure} on Tuesday.</p>${chart}`;
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('keeps a figure with every digit EIA sent (up to 11 decimals, as a double prints them)', () => {
    for (const value of ['0.306', String(0.00012345678901), String(1234.56789012345), '-3.1']) {
      const block = `<data-figure series="wti" date="2026-11-25" value="${value}"></data-figure>`;
      expect(sanitizeArticleHtml(block)).toBe(block);
    }
  });

  it('keeps each kind of chart block the catalog offers', () => {
    for (const block of [
      '<data-chart kind="grid" key="TEX" chart="generation"></data-chart>',
      '<data-chart kind="states" key="CA" chart="price" caption="California’s price"></data-chart>',
      '<data-chart kind="reports" key="price" range="1y"></data-chart>',
      '<data-chart kind="markets" key="gas-storage"></data-chart>',
    ]) {
      expect(sanitizeArticleHtml(block)).toBe(block);
    }
  });

  it('writes the attributes in one order and drops attributes the element does not read', () => {
    expect(
      sanitizeArticleHtml(
        '<p><data-figure value="78.31" onclick="alert(1)" class="x" style="color:red" series="wti" date="2026-11-25" data-x="1"></data-figure></p>',
      ),
    ).toBe(`<p>${figure}</p>`);
    // A grid chart has no range; a market chart no `chart`.
    expect(sanitizeArticleHtml('<data-chart kind="grid" key="TEX" range="5y" chart="demand" href="javascript:x"></data-chart>')).toBe(
      '<data-chart kind="grid" key="TEX" chart="demand"></data-chart>',
    );
  });

  it('drops a reference whose attributes make no valid one, with anything inside it', () => {
    const invalid = [
      '<data-figure series="javascript:alert(1)" date="2026-11-25" value="1"></data-figure>',
      '<data-figure series="wti" date="2026-02-30" value="1"></data-figure>',
      '<data-figure series="wti" date="2026-11-25" value="1e9"></data-figure>',
      '<data-figure series="wti" date="2026-11-25" value="78.31&quot;><script>alert(1)</script>"></data-figure>',
      '<data-figure series="wti" date="2026-11-25"></data-figure>',
      '<data-chart kind="iframe" key="wti"></data-chart>',
      '<data-chart kind="constructor" key="wti"></data-chart>',
      '<data-chart kind="markets" key="../../admin"></data-chart>',
      '<data-chart kind="markets" key="wti" range="forever"></data-chart>',
      '<data-chart kind="markets" key="wti" compare="wti"></data-chart>',
      '<data-chart kind="markets" key="wti" compare="brent,brent"></data-chart>',
      '<data-chart kind="grid" key="XYZ"></data-chart>',
      '<data-chart kind="states" key="ZZ"></data-chart>',
      '<data-chart kind="reports" key="secret"></data-chart>',
      `<data-chart kind="markets" key="wti" caption="${'x'.repeat(201)}"></data-chart>`,
      '<data-chart kind="markets" key="wti" caption="line&#10;break"></data-chart>',
    ];
    for (const html of invalid) expect(sanitizeArticleHtml(`<p>Before${html}after</p>`), html).toBe('<p>Beforeafter</p>');
    expect(sanitizeArticleHtml('<data-chart kind="iframe" key="x"><p>inside</p><script>alert(1)</script></data-chart>')).toBe('');
  });

  it('keeps no typed text or markup inside a reference', () => {
    // A reference holding text is no reference the editor wrote: it goes whole.
    expect(sanitizeArticleHtml('<p>A <data-figure series="wti" date="2026-11-25" value="78.31">$99.99</data-figure> b</p>')).toBe('<p>A  b</p>');
    // An element without text inside is removed from it.
    expect(sanitizeArticleHtml('<p>A <data-figure series="wti" date="2026-11-25" value="78.31"><b></b><br></data-figure> b</p>')).toBe(
      `<p>A ${figure} b</p>`,
    );
  });

  it('escapes a caption and drops other new elements', () => {
    expect(sanitizeArticleHtml('<data-chart kind="markets" key="wti" caption="&quot;&gt;<img src=x onerror=alert(1)>"></data-chart>')).toBe(
      '<data-chart kind="markets" key="wti" caption="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"></data-chart>',
    );
    expect(sanitizeArticleHtml('<data-series slug="wti"></data-series><data-table key="x">t</data-table><svg><use href="#x"/></svg><p>ok</p>')).toBe(
      't<p>ok</p>',
    );
  });
});

describe('reading references', () => {
  it('finds each reference of a body in order, with its place', () => {
    const html = `<p>A ${figure} b</p>${chart}`;
    const refs = findRefs(html);
    expect(refs.map((r) => r.ref)).toEqual([
      { element: 'figure', ref: { series: 'wti', date: '2026-11-25', value: '78.31' } },
      { element: 'chart', ref: { kind: 'markets', key: 'wti', range: '5y', compare: 'brent', caption: 'WTI and Brent since 2021' } },
    ]);
    expect(html.slice(refs[0]!.index, refs[0]!.index + refs[0]!.length)).toBe(figure);
    expect(refHtml(refs[1]!.ref)).toBe(chart);
    expect(replaceRefs(html, (r) => `[${r.element}]`)).toBe('<p>A [figure] b</p>[chart]');
  });

  it('names the series a reference shows and the addresses of a chart', () => {
    const [, block] = findRefs(`${figure}${chart}`);
    expect(seriesOfRef(block!.ref)).toEqual(['wti', 'brent']);
    // A derived line is drawn from the series it is made of.
    expect(seriesOfRef({ element: 'chart', ref: { kind: 'markets', key: 'henry-hub', compare: 'wti-brent-spread' } })).toEqual([
      'henry-hub',
      'wti',
      'brent',
    ]);
    expect(seriesOfRef({ element: 'chart', ref: { kind: 'grid', key: 'TEX' } })).toEqual([]);
    expect(block?.ref.element === 'chart' && chartRefPath(block.ref.ref, 'svg')).toBe('/charts/markets/wti.svg?range=5y&compare=brent');
  });
});

describe('the sanitizer after a dropped reference', () => {
  it('closes the elements that follow it as they were opened', () => {
    expect(
      sanitizeArticleHtml('<div><data-chart kind="iframe" key="x"></data-chart><data-chart kind="grid" key="TEX"></data-chart><p>a</p></div>'),
    ).toBe('<data-chart kind="grid" key="TEX"></data-chart><p>a</p>');
  });
});
