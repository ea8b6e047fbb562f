// Site paths written in plain text (a note's "(/calendar#wngsr-2026-11-26)") found so the
// admin can show them as links; the text itself stays as written.

/** A piece of text, and the site path it is when it is one. */
export interface TextPart {
  text: string;
  href?: string | undefined;
}

// A path of this site: after the start, a space or an opening parenthesis; letters, digits and
// - _ / . then an optional #fragment; a sentence's closing period or comma stays outside.
const SITE_PATH = /(^|[\s(])(\/[A-Za-z0-9][\w\-/.]*?(?:#[\w-]+)?)(?=[.,;:]?(?:$|[\s)]))/g;

/** The text split into plain pieces and the site paths it names (relative ones only: never another site). */
export function sitePathParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(SITE_PATH)) {
    const [, before = '', path = ''] = match;
    const start = match.index + before.length;
    if (start > from) parts.push({ text: text.slice(from, start) });
    parts.push({ text: path, href: path });
    from = start + path.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}
