import { describe, expect, it } from 'vitest';
import { apiDocsView, docsMarkdown, docsMarkdownInline, tagSectionId } from '@/server/api-docs-view';
import { openApiDocument } from '@/server/openapi';

describe('the /api/docs view of the OpenAPI document', () => {
  it('renders CommonMark: code spans, emphasis, links and lists', () => {
    expect(docsMarkdownInline('Send `If-None-Match` for a *304*, see [the guide](https://example.com/g).')).toBe(
      'Send <code>If-None-Match</code> for a <em>304</em>, see <a href="https://example.com/g">the guide</a>.',
    );
    expect(docsMarkdown('Errors:\n\n- `400` **bad**\n- `404`')).toBe(
      '<p>Errors:</p>\n<ul>\n<li><code>400</code> <strong>bad</strong></li>\n<li><code>404</code></li>\n</ul>',
    );
    expect(docsMarkdownInline('`{"message", "errors"?}` and `a < b`')).toBe('<code>{"message", "errors"?}</code> and <code>a &lt; b</code>');
  });

  it('sanitises: no script, handler, image or javascript: link passes; inline text keeps no block', () => {
    const html = docsMarkdown('<script>alert(1)</script>\n\n<b onclick="x()">b</b> [x](javascript:alert(1)) ![i](https://e.com/i.png)\n\n# Head');
    expect(html).not.toMatch(/<script|onclick|javascript:|<img|<h1/);
    expect(docsMarkdownInline('- not a list')).not.toContain('<li>');
  });

  it('has a section per tag in the document’s order, each call under each of its tags, with no backtick left in the prose', () => {
    const doc = openApiDocument('https://energy.example');
    const view = apiDocsView(doc);
    expect(view.sections.map((s) => s.name)).toEqual(doc.tags.map((t) => t.name));
    expect(new Set(view.sections.map((s) => s.id)).size).toBe(doc.tags.length);
    expect(view.sections.find((s) => s.name === 'Data API')?.id).toBe(tagSectionId('Data API'));
    expect(tagSectionId('Admin: data and calendar')).toBe('tag-admin-data-and-calendar');
    const calls = Object.values(doc.paths).reduce((n, methods) => n + Object.values(methods).reduce((m, op) => m + op.tags.length, 0), 0);
    expect(view.sections.reduce((n, s) => n + s.operations.length, 0)).toBe(calls);
    expect(view.introHtml).toContain('<code>/api/series</code>');
    const prose = [
      view.introHtml,
      ...view.sections.flatMap((s) => [
        s.descriptionHtml,
        ...s.operations.flatMap((op) => [
          op.summaryHtml,
          op.descriptionHtml,
          ...op.parameters.map((p) => p.descriptionHtml),
          ...op.responses.map((r) => r.descriptionHtml),
        ]),
      ]),
    ];
    expect(prose.filter((html) => html.includes('`'))).toEqual([]);
    expect(prose.some((html) => html.includes('<code>'))).toBe(true);
  });
});
