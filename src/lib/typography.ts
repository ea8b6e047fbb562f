// Typographic quotes for text readers see: the newsroom types straight quotes (" and ') and
// the site prints curly ones (“ ” ‘ ’), as the titles and excerpts already do. Applied when
// a page or feed renders an article body, so what editors stored stays as they typed it.

/** Characters after which a quote opens rather than closes. */
const OPENS_AFTER = /[\s([{\u2014\u2013\-/]/;

/** Plain text with its straight quotes made curly; `before` is the character preceding it (from earlier text). */
export function curlyQuotes(text: string, before = ''): string {
  let out = '';
  let previous = before;
  for (const char of text) {
    if (char === '"') out += previous === '' || OPENS_AFTER.test(previous) ? '“' : '”';
    else if (char === "'") out += previous === '' || OPENS_AFTER.test(previous) ? '‘' : '’';
    else out += char;
    previous = char;
  }
  return out;
}

// Text between tags may spell a quote as an entity; attributes and code are left alone.
const ENTITY_QUOTES: Record<string, string> = { '&quot;': '"', '&#34;': '"', '&#x22;': '"', '&#39;': "'", '&#x27;': "'", '&apos;': "'" };

/**
 * Sanitized article HTML with the straight quotes of its text made curly. Tags and their
 * attributes are kept as they are, and so is everything inside `<code>` and `<pre>`; a quote
 * right after an inline tag takes its side from the text before the tag.
 */
export function curlyQuotesHtml(html: string): string {
  let out = '';
  let previous = '';
  let code = 0;
  for (const part of html.split(/(<[^>]*>)/)) {
    if (part.startsWith('<')) {
      const tag = /^<(\/?)(code|pre)\b/i.exec(part);
      if (tag) code += tag[1] ? -1 : 1;
      // A block boundary starts the next text afresh.
      if (/^<\/?(p|h\d|li|blockquote|figcaption|td|th|br)\b/i.test(part)) previous = '';
      out += part;
      continue;
    }
    if (part === '') continue;
    if (code > 0) {
      out += part;
      previous = part.at(-1) ?? previous;
      continue;
    }
    const text = part.replace(/&(?:quot|#34|#x22|#39|#x27|apos);/gi, (entity) => ENTITY_QUOTES[entity.toLowerCase()] ?? entity);
    out += curlyQuotes(text, previous);
    previous = text.at(-1) ?? previous;
  }
  return out;
}
