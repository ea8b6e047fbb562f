/**
 * Addresses of the media library's files, `/media/{yyyy}/{mm}/{key}/{file}`, and the checks
 * the editor and the server share about images in article HTML.
 */

/** The original of a library image: `/media/2026/11/k3j9x0a1b2c3/original.jpg`. */
const LIBRARY_ORIGINAL = /^\/media\/(\d{4}\/\d{2}\/[a-z0-9]{12})\/original\.(?:jpg|png|webp|avif)$/;

/** The library key (`2026/11/k3j9x0a1b2c3`) of an image address, or undefined for any other address. */
export function libraryKeyOf(url: string | null | undefined): string | undefined {
  return url ? LIBRARY_ORIGINAL.exec(url)?.[1] : undefined;
}

/** The value of an attribute in a tag's source, entities left as they are; undefined when absent. */
export function attributeOf(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : undefined;
}

/** How many images of an article's HTML have no alt text (absent, empty or blank). */
export function imagesWithoutAlt(html: string): number {
  return (html.match(/<img\b[^>]*>/gi) ?? []).filter((tag) => !(attributeOf(tag, 'alt') ?? '').replace(/&nbsp;|&#160;/g, ' ').trim()).length;
}
