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

describe('htmlToText', () => {
  it('returns the readable text with entities decoded', () => {
    expect(htmlToText('<h2>Gas &amp; power</h2><p>Prices <em>rose</em>.</p><ul><li>One</li><li>Two</li></ul>')).toBe(
      'Gas & power Prices rose. One Two',
    );
  });
});
