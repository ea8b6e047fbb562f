/**
 * Text of a generated Open Graph image: a title broken into lines that fit the card, and
 * text made safe inside SVG. Widths are counted in characters: the card's font (DejaVu
 * Sans Bold) averages about 0.6 of its size per character.
 */

/**
 * Breaks `title` into at most `maxLines` lines of at most `maxChars` characters, at spaces
 * (a word longer than a line is cut). A title that does not fit ends its last line with an
 * ellipsis.
 */
export function wrapTitle(title: string, maxChars: number, maxLines: number): string[] {
  const words = title.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  let rest = 0;
  for (; rest < words.length; rest++) {
    const word = (words[rest] ?? '').slice(0, maxChars);
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) break;
  }
  if (lines.length < maxLines && line) {
    lines.push(line);
    rest = words.length;
  }
  if (rest < words.length) {
    const last = lines[maxLines - 1] ?? '';
    lines[maxLines - 1] = `${last.length + 1 > maxChars ? last.slice(0, maxChars - 1).trimEnd() : last}…`;
  }
  return lines;
}

/** Text safe between SVG (XML) tags and in attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}
