// Chart images made from a chart's one description (`ChartSpec`): the link-preview card of a
// data page (1200×630, like an article's Open Graph card) and the chart of a mail (a PNG sent
// inline with the message). Both draw the chart with `renderSvgChart` and turn it into a PNG
// with sharp (librsvg), so a preview, a mail and the page show the same chart.
import { createHash } from 'node:crypto';
import type { ChartSpec } from '@/lib/charts/chart-spec';
import { renderSvgChart } from '@/lib/charts/svg-chart';
import { SITE_NAME } from '@/lib/site';
import { OG_HEIGHT, OG_WIDTH, siteLogo, textPath, textWidth, wrapText } from '@/server/og-image';
import { svgToPng } from '@/server/charts/svg-png';
import sharp from '@/server/sharp';

/**
 * Part of every card's version: raise it when the drawing changes, so every card gets a new
 * address (a preview is cached for a year wherever it was fetched).
 */
const DESIGN_VERSION = 1;

/** The figure a chart's card leads with: its latest value with its unit, and when it is from. */
export interface CardFigure {
  /** "$71.23/bbl", "412,305 MW", "16.12¢/kWh". */
  value: string;
  /** "as of Nov 20, 2026". */
  label: string;
}

/** What a data page's preview shows: its chart, and the latest figure of it. */
export interface ChartCard {
  spec: ChartSpec;
  figure?: CardFigure | undefined;
}

/** A short hash of everything the card shows: the `?v=` of its address. */
export function chartCardVersion(card: ChartCard): string {
  return createHash('sha256')
    .update(JSON.stringify([DESIGN_VERSION, card.spec, card.figure ?? null]))
    .digest('base64url')
    .slice(0, 16)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0');
}

/** What the card says in words (`og:image:alt`, a mail image's alt text): the chart, its latest figure and its source. */
export function chartCardAlt(card: ChartCard): string {
  const figure = card.figure ? ` Latest: ${card.figure.value}, ${card.figure.label}.` : '';
  return `Chart: ${card.spec.title}.${figure} ${card.spec.source}`.replace(/\.\./g, '.');
}

const MARGIN = 40;
const INK = '#111827';
const MUTED = '#4b5563';
/** The chart is drawn at this fraction of its place and scaled up, so its labels read at a preview's small size. */
const CHART_SCALE = 1.5;

/** Where the card's chart goes, and the card around it (every text as outlines, like the article cards). */
function cardLayout(card: ChartCard): { frame: string; chart: { left: number; top: number; width: number; height: number } } {
  const parts: string[] = [];
  parts.push(siteLogo(MARGIN, 32, 1.25));
  parts.push(`<path fill="${INK}" d="${textPath(SITE_NAME, MARGIN + 54, 62, 26)}"/>`);
  const title = wrapText(card.spec.title, OG_WIDTH - 2 * MARGIN, 2, (t) => textWidth(t, 40));
  let y = 84;
  for (const line of title) {
    y += 46;
    parts.push(`<path fill="${INK}" d="${textPath(line, MARGIN, y, 40)}"/>`);
  }
  if (card.figure) {
    y += 62;
    const value = wrapText(card.figure.value, OG_WIDTH - 2 * MARGIN, 1, (t) => textWidth(t, 52))[0] ?? '';
    parts.push(`<path fill="${INK}" d="${textPath(value, MARGIN, y, 52)}"/>`);
    const labelX = MARGIN + textWidth(value, 52) + 18;
    const label = wrapText(card.figure.label, OG_WIDTH - MARGIN - labelX, 1, (t) => textWidth(t, 24))[0] ?? '';
    parts.push(`<path fill="${MUTED}" d="${textPath(label, labelX, y, 24)}"/>`);
  }
  const source = wrapText(card.spec.source, OG_WIDTH - 2 * MARGIN, 1, (t) => textWidth(t, 20))[0] ?? '';
  parts.push(`<path fill="${MUTED}" d="${textPath(source, MARGIN, OG_HEIGHT - 26, 20)}"/>`);
  const accent = card.spec.series[0]?.color ?? '#1d4ed8';
  const top = y + 20;
  const bottom = OG_HEIGHT - 50;
  const frame = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">`,
    `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="#ffffff"/>`,
    `<rect x="0" y="${OG_HEIGHT - 8}" width="${OG_WIDTH}" height="8" fill="${accent}"/>`,
    ...parts,
    '</svg>',
  ].join('');
  return { frame, chart: { left: MARGIN - 8, top, width: OG_WIDTH - 2 * MARGIN + 16, height: Math.max(120, bottom - top) } };
}

/** The card as a PNG of 1200×630: the frame with the chart drawn into its place. */
export async function renderChartCard(card: ChartCard): Promise<Buffer> {
  const { frame, chart } = cardLayout(card);
  const svg = renderSvgChart(card.spec, {
    width: Math.round(chart.width / CHART_SCALE),
    height: Math.round(chart.height / CHART_SCALE),
    theme: 'light',
    idPrefix: 'card',
  });
  return sharp(Buffer.from(frame))
    .composite([{ input: await svgToPng(svg, { scale: CHART_SCALE, palette: false }), left: chart.left, top: chart.top }])
    .png({ palette: true, compressionLevel: 9 })
    .toBuffer();
}

/** A mail's chart: drawn this wide and high in the message (CSS pixels), at twice that in the PNG for sharp screens. */
export const MAIL_CHART = { width: 600, height: 340, scale: 2 } as const;

/** A chart for a mail, as a standalone PNG (title, legend and source drawn in) of MAIL_CHART's size at its scale. */
export async function renderMailChart(spec: ChartSpec): Promise<Buffer> {
  const svg = renderSvgChart(spec, { width: MAIL_CHART.width, height: MAIL_CHART.height, theme: 'light', standalone: true, idPrefix: 'mail' });
  return svgToPng(svg, { scale: MAIL_CHART.scale });
}
