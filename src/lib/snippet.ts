import { escapeMarkup } from '@/lib/markup';
/** Marks the server puts around matched words in a search snippet (control characters no article text holds). */
export const SNIPPET_OPEN = '\u0002';
export const SNIPPET_CLOSE = '\u0003';

/** A snippet as runs of plain text, each either a match or not: render matches as <mark>, text escaped. */
export function snippetParts(snippet: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  for (const [i, piece] of snippet.split(new RegExp(`[${SNIPPET_OPEN}${SNIPPET_CLOSE}]`)).entries()) {
    if (piece) parts.push({ text: piece, match: i % 2 === 1 });
  }
  return parts;
}

/** A snippet as safe HTML: the text escaped, the matches in <mark>. */
export function snippetHtml(snippet: string): string {
  return snippetParts(snippet)
    .map((p) => (p.match ? `<mark>${escapeMarkup(p.text)}</mark>` : escapeMarkup(p.text)))
    .join('');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };

/** The inverse of snippetHtml: the API's snippet back to text with the server's marks. */
export function snippetFromHtml(html: string): string {
  return html
    .replace(/<mark>/g, SNIPPET_OPEN)
    .replace(/<\/mark>/g, SNIPPET_CLOSE)
    .replace(/&(amp|lt|gt|quot);/g, (_m, name: string) => ENTITIES[name] ?? '');
}
