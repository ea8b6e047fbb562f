// The picture a reader downloads: the chart ApexCharts drew, with what makes it citable away
// from the page drawn around it: title, subtitle and units, a legend (forecast and futures lines
// keep their dashes), the source line, the as-of date and the site's name and address. Plain
// SVG (no HTML inside), so any editor opens it and a canvas can rasterize it. Pure string work,
// no DOM: the export module hands it the chart's own SVG.
import { xmlText } from '@/lib/charts/xml';

/** A key entry: a line (solid, dashed or dotted), a shaded band, or a box (a bar, a slice). */
export interface LegendEntry {
  name: string;
  color: string;
  mark: 'solid' | 'dashed' | 'dotted' | 'band' | 'box';
}

export interface ExportFrame {
  title: string;
  subtitle?: string | undefined;
  /** Said after the subtitle unless it already says them. */
  units?: string | undefined;
  legend: readonly LegendEntry[];
  source: string;
  asOf?: string | undefined;
  notes?: readonly string[] | undefined;
  siteName: string;
  /** The chart's address, so a printed copy leads back to it. */
  permalink?: string | undefined;
}

/** The width of a downloaded picture, in CSS pixels (PNGs are drawn at twice this). */
export const EXPORT_WIDTH = 1200;
const PADDING = 40;
/** The chart's own drawing inside the picture. */
export const EXPORT_CHART_WIDTH = EXPORT_WIDTH - 2 * PADDING;
export const EXPORT_CHART_HEIGHT = 500;

const FONT = "Inter, 'Helvetica Neue', Arial, sans-serif";
const INK = '#111827';
const MUTED = '#4b5563';

export { xmlText };

/** Splits text into lines of about `maxChars` characters, at spaces (a longer word stays whole). */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** About how many characters of a sans-serif font of `size` pixels fit in `width`. */
const charsIn = (width: number, size: number) => Math.floor(width / (size * 0.55));

/** Lines of text from `y` on, each `lineHeight` apart; answers the markup and the y after them. */
function textBlock(
  lines: readonly string[],
  y: number,
  size: number,
  lineHeight: number,
  color: string,
  weight = 400,
): { markup: string; y: number } {
  let markup = '';
  let at = y;
  for (const line of lines) {
    at += lineHeight;
    markup += `<text x="${PADDING}" y="${at - (lineHeight - size) / 2}" font-size="${size}" font-weight="${weight}" fill="${color}">${xmlText(line)}</text>`;
  }
  return { markup, y: at };
}

/** One legend entry's mark: a short line in its dash, a shaded band or a box, 24 px wide. */
function legendMark(entry: LegendEntry, x: number, y: number): string {
  const color = xmlText(entry.color);
  if (entry.mark === 'box') return `<rect x="${x}" y="${y - 6}" width="12" height="12" rx="2" fill="${color}"/>`;
  if (entry.mark === 'band') return `<rect x="${x}" y="${y - 6}" width="24" height="12" fill="${color}" fill-opacity="0.25"/>`;
  const dash = entry.mark === 'dashed' ? ' stroke-dasharray="6 4"' : entry.mark === 'dotted' ? ' stroke-dasharray="2 3"' : '';
  return `<line x1="${x}" y1="${y}" x2="${x + 24}" y2="${y}" stroke="${color}" stroke-width="3"${dash}/>`;
}

/** The legend, entries side by side and wrapped to the width; answers the markup and the y after it. */
function legendBlock(entries: readonly LegendEntry[], y: number): { markup: string; y: number } {
  if (entries.length === 0) return { markup: '', y };
  const size = 14;
  const rowHeight = 26;
  let markup = '';
  let x = PADDING;
  let row = y + rowHeight / 2;
  for (const entry of entries) {
    const width = 32 + Math.ceil(entry.name.length * size * 0.55) + 24;
    if (x > PADDING && x + width > EXPORT_WIDTH - PADDING) {
      x = PADDING;
      row += rowHeight;
    }
    markup += legendMark(entry, x, row);
    markup += `<text x="${x + 32}" y="${row + size * 0.35}" font-size="${size}" fill="${INK}">${xmlText(entry.name)}</text>`;
    x += width;
  }
  return { markup, y: row + rowHeight / 2 };
}

/**
 * The downloadable picture: the frame's words around the chart's own SVG markup (`chartSvg`, an
 * `<svg>` element EXPORT_CHART_WIDTH wide and `chartHeight` high), on a white ground. Answers the
 * SVG document and its size.
 */
export function composeChartSvg(
  frame: ExportFrame,
  chartSvg: string,
  chartHeight: number = EXPORT_CHART_HEIGHT,
): { svg: string; width: number; height: number } {
  const textWidth = EXPORT_WIDTH - 2 * PADDING;
  let y = PADDING - 8;
  const title = textBlock(wrapText(frame.title, charsIn(textWidth, 26)), y, 26, 34, INK, 700);
  y = title.y;
  const units = frame.units && !(frame.subtitle ?? '').includes(frame.units) ? frame.units : undefined;
  const subtitleText = [frame.subtitle, units && `Units: ${units}`].filter(Boolean).join(' · ');
  const subtitle = textBlock(wrapText(subtitleText, charsIn(textWidth, 16)), y, 16, 24, MUTED);
  y = subtitle.y + 12;
  const legend = legendBlock(frame.legend, y);
  y = legend.y + 8;
  const chartAt = y;
  y += chartHeight + 16;
  const source = textBlock(wrapText(frame.source, charsIn(textWidth, 14)), y, 14, 20, MUTED);
  y = source.y;
  const notes = textBlock(
    (frame.notes ?? []).flatMap((n) => wrapText(n, charsIn(textWidth, 13))),
    y,
    13,
    19,
    MUTED,
  );
  y = notes.y + 20;
  const footer =
    `<text x="${PADDING}" y="${y}" font-size="15" font-weight="700" fill="${INK}">${xmlText(frame.siteName)}</text>` +
    (frame.permalink
      ? `<text x="${PADDING + Math.ceil(frame.siteName.length * 15 * 0.6) + 12}" y="${y}" font-size="13" fill="${MUTED}">${xmlText(frame.permalink)}</text>`
      : '') +
    (frame.asOf
      ? `<text x="${EXPORT_WIDTH - PADDING}" y="${y}" font-size="13" fill="${MUTED}" text-anchor="end">${xmlText(`Data as of ${frame.asOf}`)}</text>`
      : '');
  const height = Math.ceil(y + PADDING - 12);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${EXPORT_WIDTH}" height="${height}" viewBox="0 0 ${EXPORT_WIDTH} ${height}" font-family="${xmlText(FONT)}" role="img">` +
    `<title>${xmlText(frame.title)}</title><desc>${xmlText(frame.source)}</desc>` +
    `<rect width="100%" height="100%" fill="#ffffff"/>` +
    title.markup +
    subtitle.markup +
    legend.markup +
    `<g transform="translate(${PADDING} ${chartAt})">${chartSvg}</g>` +
    source.markup +
    notes.markup +
    footer +
    `</svg>`;
  return { svg, width: EXPORT_WIDTH, height };
}
