// The theme of an embed (`/embed/…`): light unless its address asks for `theme=dark`. An embed
// sits on another site's page, whose colors the reader's system theme says nothing about, so it
// never follows that theme. Each theme has one address (`theme=dark`, or none for light): any
// other spelling is redirected there, so the page cache holds one entry per view and theme.
// Isomorphic.

export const EMBED_THEMES = ['light', 'dark'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/** The query parameter of an embed's theme: part of the cache key of every embed that reads it. */
export const EMBED_THEME_PARAM = 'theme';

/** The theme an embed's query asks for, and whether the query spells it as its one address does. */
export function readEmbedTheme(params: URLSearchParams): { theme: EmbedTheme; canonical: boolean } {
  const given = params.getAll(EMBED_THEME_PARAM);
  const theme: EmbedTheme = given.length === 1 && given[0] === 'dark' ? 'dark' : 'light';
  return { theme, canonical: given.length === 0 || (given.length === 1 && given[0] === 'dark') };
}

/** An embed address (with or without a query) in a theme: `theme=dark` added for dark, nothing for light. */
export function withEmbedTheme(path: string, theme: EmbedTheme): string {
  return theme === 'light' ? path : `${path}${path.includes('?') ? '&' : '?'}${EMBED_THEME_PARAM}=dark`;
}
