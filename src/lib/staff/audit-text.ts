// How the audit trail keeps and shows text that came from outside: a name typed at the sign-in
// form, a title, an address. Used when an entry is written and again when one is shown (entries
// written before it was used may hold such characters raw).

/**
 * Control characters, line and paragraph breaks, bidirectional controls and invisible joiners:
 * what could make a typed name look like another, hide text, or break the trail's lines.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/gu;
const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Text as the audit trail stores it: each unsafe character written out as its escape (`\n`,
 * `\u202E`), so a name typed at the sign-in form is kept as typed yet shows as what it is, and
 * cut to `max` characters (whole characters, never half a surrogate pair).
 */
export function neutralised(text: string, max: number): string {
  const safe = text.replace(UNSAFE, (c) => SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
  const chars = Array.from(safe);
  return chars.length <= max ? safe : `${chars.slice(0, max - 1).join('')}…`;
}
