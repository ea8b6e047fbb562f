import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { create, type Font, type Glyph } from 'fontkitten';
import { SITE_NAME } from '@/lib/site';
import sharp from '@/server/sharp';

/** Open Graph cards are 1200×630, the size Facebook, LinkedIn and X show large. */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/**
 * Part of every card's version: raise it when the drawing changes, so every card gets a new
 * address (the old ones are cached for a year wherever they were fetched).
 */
const DESIGN_VERSION = 1;

/** What a card shows: a label in a colored badge (the category), a title and an optional line under it (the date). */
export interface OgCard {
  label: string;
  labelColors: { background: string; text: string };
  title: string;
  footer?: string | undefined;
}

/** A short hash of everything the card shows: the `?v=` of its address, and its name in the storage. */
export function ogCardVersion(card: OgCard): string {
  const parts = [DESIGN_VERSION, card.label, card.labelColors.background, card.labelColors.text, card.title, card.footer ?? ''];
  return createHash('sha256')
    .update(JSON.stringify(parts))
    .digest('base64url')
    .slice(0, 16)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0');
}

// The text is drawn as outlines from a bundled font (Inter, SIL Open Font License, from
// @fontsource/inter), never as SVG text: the image is the same on every machine whatever
// fonts it has, the wrapping measures the real glyphs, and no text of an article ever enters
// the SVG markup (nothing to escape, nothing that could close an element).
let fonts: Font[] | undefined;
function loadFonts(): Font[] {
  if (fonts) return fonts;
  // The package exports only its CSS; its LICENSE is exported and sits beside the font files.
  const dir = join(dirname(createRequire(import.meta.url).resolve('@fontsource/inter/LICENSE')), 'files');
  fonts = ['inter-latin-700-normal.woff', 'inter-latin-ext-700-normal.woff'].map((file) => {
    const font = create(readFileSync(join(dir, file)));
    if (!('glyphsForString' in font)) throw new Error(`Not a single font: ${file}`);
    return font;
  });
  return fonts;
}

/**
 * The glyph of a character from the first font that has it. Characters neither font has
 * (Latin scripts are covered; CJK, emoji are not) are left out rather than drawn as boxes.
 */
function glyphOf(char: string): { glyph: Glyph; font: Font } | undefined {
  const codePoint = char.codePointAt(0) ?? 0;
  const font = loadFonts().find((f) => f.hasGlyphForCodePoint(codePoint));
  const glyph = font?.glyphsForString(char)[0];
  return font && glyph ? { glyph, font } : undefined;
}

/** The width of a text in pixels at a font size. */
export function textWidth(text: string, size: number): number {
  let width = 0;
  for (const char of text) {
    const found = glyphOf(char);
    if (found) width += (found.glyph.advanceWidth * size) / found.font.unitsPerEm;
  }
  return width;
}

/** A title fit to draw: one line of text, no control characters, spaces collapsed. */
export function cleanTitle(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const ELLIPSIS = '…';

/** Splits a word wider than a line into pieces that fit (at least one character each). */
function breakWord(word: string, fits: (text: string) => boolean): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && !fits(piece + char)) {
      pieces.push(piece);
      piece = char;
    } else piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * Wraps text into at most `maxLines` lines no wider than `maxWidth`, breaking between words
 * (inside a word only when it is wider than a line). Text that does not fit ends its last line
 * with an ellipsis.
 */
export function wrapText(text: string, maxWidth: number, maxLines: number, measure: (text: string) => number): string[] {
  const fits = (line: string) => measure(line) <= maxWidth;
  const words = cleanTitle(text)
    .split(' ')
    .filter(Boolean)
    .flatMap((word) => (fits(word) ? [word] : breakWord(word, fits)));
  const lines: string[] = [];
  let index = 0;
  while (index < words.length && lines.length < maxLines) {
    let line = words[index++] as string;
    while (index < words.length && fits(`${line} ${words[index]}`)) line += ` ${words[index++]}`;
    lines.push(line);
  }
  if (index < words.length && lines.length > 0) {
    // Cut the last line back until it fits with the ellipsis: by words, then by characters.
    let last = lines.pop() as string;
    while (!fits(last + ELLIPSIS) && last.includes(' ')) last = last.slice(0, last.lastIndexOf(' '));
    while (!fits(last + ELLIPSIS) && [...last].length > 1) last = [...last].slice(0, -1).join('');
    lines.push(last.replace(/[\s,.;:–—-]+$/u, '') + ELLIPSIS);
  }
  return lines;
}

/** Rounds path numbers to tenths of a pixel: smaller SVG, same picture. */
function roundPath(d: string): string {
  return d.replace(/-?\d+\.\d+/g, (n) => String(Math.round(Number(n) * 10) / 10));
}

/** The outline of a line of text with its baseline starting at (x, y), as SVG path data. */
export function textPath(text: string, x: number, y: number, size: number): string {
  let pen = x;
  const parts: string[] = [];
  for (const char of text) {
    const found = glyphOf(char);
    if (!found) continue;
    const { glyph, font } = found;
    const scale = size / font.unitsPerEm;
    if (glyph.path.commands.length > 0) parts.push(glyph.path.scale(scale, -scale).translate(pen, y).toSVG());
    pen += glyph.advanceWidth * scale;
  }
  return roundPath(parts.join(''));
}

/** The site's logo, the bolt of the favicon, 32 px square at `scale` 1, its top left at (x, y). */
export function siteLogo(x: number, y: number, scale: number): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})"><rect width="32" height="32" rx="8" fill="#1d4ed8"/><path d="M18 4 8 18h7l-2 10 11-15h-7z" fill="#fbbf24"/></g>`;
}

const MARGIN = 80;
const TITLE_SIZE = 62;
const TITLE_LINE = 74;
const TITLE_LINES = 4;
const LABEL_SIZE = 26;

/** The card as an SVG document (all text as outlines). */
export function ogCardSvg(card: OgCard): string {
  const title = wrapText(card.title, OG_WIDTH - 2 * MARGIN, TITLE_LINES, (t) => textWidth(t, TITLE_SIZE));
  const label = wrapText(card.label, OG_WIDTH - 2 * MARGIN - 48, 1, (t) => textWidth(t, LABEL_SIZE))[0] ?? '';
  const labelWidth = textWidth(label, LABEL_SIZE) + 48;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b1228"/><stop offset="0.55" stop-color="#172554"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs>',
    `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#bg)"/>`,
    `<rect x="0" y="${OG_HEIGHT - 12}" width="${OG_WIDTH}" height="12" fill="${card.labelColors.background}"/>`,
    // The site's logo: the bolt of the favicon, and the site's name.
    siteLogo(MARGIN, 64, 2),
    `<path fill="#ffffff" d="${textPath(SITE_NAME, MARGIN + 84, 110, 40)}"/>`,
    `<rect x="${MARGIN}" y="150" width="${Math.round(labelWidth)}" height="48" rx="24" fill="${card.labelColors.background}"/>`,
    `<path fill="${card.labelColors.text}" d="${textPath(label, MARGIN + 24, 184, LABEL_SIZE)}"/>`,
    `<path fill="#ffffff" d="${title.map((line, i) => textPath(line, MARGIN, 296 + i * TITLE_LINE, TITLE_SIZE)).join('')}"/>`,
    card.footer ? `<path fill="#cbd5e1" d="${textPath(card.footer, MARGIN, 584, 28)}"/>` : '',
    '</svg>',
  ].join('');
}

/** The card as a PNG of 1200×630. */
export async function renderOgCard(card: OgCard): Promise<Buffer> {
  // A 256-color palette halves the file (about 50 KB) with no visible change on these flat colors.
  return sharp(Buffer.from(ogCardSvg(card)))
    .png({ palette: true, compressionLevel: 9 })
    .toBuffer();
}
