import sanitizeHtml from 'sanitize-html';
import { CHART_ATTRIBUTES, CHART_TAG, FIGURE_ATTRIBUTES, FIGURE_TAG, parseRefAttributes, refAttributes } from '@/lib/data-refs';

/**
 * The allow-list for article HTML, applied on every write: structure, emphasis, links, images,
 * quotes and tables; no script, style, form, iframe or event-handler attribute; links and
 * images only over http(s) (links also mailto) or on this site. An image with its caption is
 * `<figure><img …><figcaption>caption <span class="credit">credit</span></figcaption></figure>`;
 * `<picture>` and `<source>` are never stored (readers' pages make them from the media
 * library when they render), so only the image inside one is kept. A figure or chart cited from
 * the data is a reference (`src/lib/data-refs.ts`): kept, empty and with its attributes in their
 * written order, when they make a valid reference (other attributes dropped); removed whole,
 * with anything inside it, when they do not or when it holds anything.
 */
/** The attributes without those of `names` that are not whole numbers (an image's width and height). */
function wholeNumbers(attribs: sanitizeHtml.Attributes, names: string[]): sanitizeHtml.Attributes {
  return Object.fromEntries(Object.entries(attribs).filter(([name, value]) => !names.includes(name) || /^\d{1,5}$/.test(value)));
}

/**
 * A figure or chart reference with its attributes as stored, or with none when they make no
 * valid reference (then `isDroppedRef`). (Renaming the tag instead would leave sanitize-html's
 * record of the renaming behind for the next element at that depth.)
 */
function dataRef(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const ref = parseRefAttributes(tagName, attribs, true);
  return { tagName, attribs: ref ? refAttributes(ref) : {} };
}

/**
 * A reference removed whole, with anything inside it: one without valid attributes, or one
 * holding text or an image (a reference is empty: one holding anything is no reference the
 * editor wrote).
 */
function isDroppedRef(frame: sanitizeHtml.IFrame): boolean {
  if (frame.tag !== FIGURE_TAG && frame.tag !== CHART_TAG) return false;
  return Object.keys(frame.attribs).length === 0 || frame.text.trim() !== '' || frame.mediaChildren.length > 0;
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
    FIGURE_TAG,
    CHART_TAG,
  ],
  allowedAttributes: {
    [FIGURE_TAG]: [...FIGURE_ATTRIBUTES],
    [CHART_TAG]: [...CHART_ATTRIBUTES],
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
  exclusiveFilter: isDroppedRef,
  transformTags: {
    [FIGURE_TAG]: dataRef,
    [CHART_TAG]: dataRef,
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...wholeNumbers(attribs, ['width', 'height']), loading: 'lazy' } }),
  },
};

/** Sanitises article HTML with the site's allow-list. Run on every write. */
export function sanitizeArticleHtml(html: string): string {
  // A reference with an empty element inside (no text: the filter above kept it) is emptied.
  return sanitizeHtml(html, ARTICLE_HTML).replace(REF_WITH_ELEMENTS, '$1</$2>');
}

/** A kept reference with elements inside (and nothing that opens or closes another reference). */
const REF_WITH_ELEMENTS = /(<(data-figure|data-chart)(?: [a-z]+="[^"]*")*>)(?:(?!<\/?data-(?:figure|chart)\b)[\s\S])+?<\/\2>/g;

export { htmlToText } from '@db/text';
