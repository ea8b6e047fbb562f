import { describe, expect, it } from 'vitest';
import { curlyQuotes, curlyQuotesHtml } from '@/lib/typography';

describe('curly quotes', () => {
  it('opens a quote at the start or after a space and closes it after a word; apostrophes curl to the right', () => {
    expect(curlyQuotes('"We are drilling fewer wells," one engineer said.')).toBe('“We are drilling fewer wells,” one engineer said.');
    expect(curlyQuotes("the basin's output ('a record')")).toBe('the basin’s output (‘a record’)');
  });

  it('curls the text of article HTML, across inline tags and entities, and leaves tags, attributes and code alone', () => {
    expect(curlyQuotesHtml('<blockquote><p>"The market is <em>sending</em> a signal," said a former regulator.</p></blockquote>')).toBe(
      '<blockquote><p>“The market is <em>sending</em> a signal,” said a former regulator.</p></blockquote>',
    );
    expect(curlyQuotesHtml('<p>&quot;<strong>Bold</strong>&quot; it&#39;s</p>')).toBe('<p>“<strong>Bold</strong>” it’s</p>');
    expect(curlyQuotesHtml('<p><a href="/x" title="a \'b\'">link</a></p><pre><code>x = "y"</code></pre>')).toBe(
      '<p><a href="/x" title="a \'b\'">link</a></p><pre><code>x = "y"</code></pre>',
    );
  });
});
