import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeArticleHtml } from '@/server/html';

describe('sanitizeArticleHtml', () => {
  it('keeps the newsroom markup', () => {
    const html =
      '<h2>Heading</h2><p>Text with <strong>bold</strong> and <a href="https://eia.gov">a link</a>.</p><ul><li>One</li></ul><blockquote><p>Quote</p></blockquote>';
    const clean = sanitizeArticleHtml(html);
    expect(clean).toContain('<h2>Heading</h2>');
    expect(clean).toContain('<a href="https://eia.gov" rel="noopener noreferrer nofollow">a link</a>');
    expect(clean).toContain('<blockquote><p>Quote</p></blockquote>');
  });

  it('removes scripts, styles, forms, frames and event handlers', () => {
    const clean = sanitizeArticleHtml(
      '<p onclick="x()">Hi</p><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe><form><input></form><img src=x onerror="alert(1)">',
    );
    expect(clean).not.toMatch(/script|style|iframe|form|input|onclick|onerror|alert/i);
    expect(clean).toContain('<p>Hi</p>');
  });

  it('allows only http(s) and mailto links and http(s) images', () => {
    const clean = sanitizeArticleHtml(
      '<a href="javascript:alert(1)">x</a><a href="mailto:a@b.c">m</a><img src="data:image/png;base64,AAA"><img src="https://cdn.example/x.png">',
    );
    expect(clean).not.toContain('javascript:');
    expect(clean).toContain('href="mailto:a@b.c"');
    expect(clean).not.toContain('data:image');
    expect(clean).toContain('src="https://cdn.example/x.png"');
  });
});

describe('sanitizeArticleHtml and images', () => {
  const figure =
    '<figure><img src="/media/2026/11/abcdefghijkl/original.jpg" alt="A wind farm" width="1600" height="900"><figcaption>Turbines at dusk <span class="credit">Photo: Jane Roe</span></figcaption></figure>';

  it('keeps a figure with its image, caption and credit as the editor writes it', () => {
    expect(sanitizeArticleHtml(figure)).toBe(
      '<figure><img src="/media/2026/11/abcdefghijkl/original.jpg" alt="A wind farm" width="1600" height="900" loading="lazy" /><figcaption>Turbines at dusk <span class="credit">Photo: Jane Roe</span></figcaption></figure>',
    );
  });

  it("drops picture and source (made when readers' pages render), other classes, styles and sizes that are not numbers", () => {
    const clean = sanitizeArticleHtml(
      '<picture><source srcset="https://evil.example/x.avif" type="image/avif"><img src="/media/2026/11/abcdefghijkl/original.jpg" alt="x" width="100%" height="9" style="position:fixed" class="big"></picture><span class="credit evil" style="color:red">c</span><figcaption onclick="x()">f</figcaption>',
    );
    expect(clean).toBe(
      '<img src="/media/2026/11/abcdefghijkl/original.jpg" alt="x" height="9" loading="lazy" /><span class="credit">c</span><figcaption>f</figcaption>',
    );
  });

  it('refuses image addresses on other hosts written as protocol-relative or javascript', () => {
    const clean = sanitizeArticleHtml('<img src="//evil.example/x.png" alt="a"><img src="javascript:alert(1)" alt="b">');
    expect(clean).not.toMatch(/evil|javascript/);
  });
});

describe('htmlToText', () => {
  it('returns the readable text with entities decoded', () => {
    expect(htmlToText('<h2>Gas &amp; power</h2><p>Prices <em>rose</em>.</p><ul><li>One</li><li>Two</li></ul>')).toBe(
      'Gas & power Prices rose. One Two',
    );
  });
});
