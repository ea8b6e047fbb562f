import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for article HTML, applied on every write: structure, emphasis, links, images,
 * quotes and tables; no script, style, form, iframe or event-handler attribute; links and
 * images only over http(s) (links also mailto) or on this site. An image with its caption is
 * `<figure><img …><figcaption>caption <span class="credit">credit</span></figcaption></figure>`;
 * `<picture>` and `<source>` are never stored (readers' pages make them from the media
 * library when they render), so only the image inside one is kept.
 */
/** The attributes without those of `names` that are not whole numbers (an image's width and height). */
function wholeNumbers(attribs: sanitizeHtml.Attributes, names: string[]): sanitizeHtml.Attributes {
  return Object.fromEntries(Object.entries(attribs).filter(([name, value]) => !names.includes(name) || /^\d{1,5}$/.test(value)));
}

const ARTICLE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'span',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    span: ['class'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedClasses: { span: ['credit'] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...wholeNumbers(attribs, ['width', 'height']), loading: 'lazy' } }),
  },
};

/** Sanitises article HTML with the site's allow-list. Run on every write. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, ARTICLE_HTML);
}

export { htmlToText } from '@db/text';
