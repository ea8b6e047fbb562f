// A server-drawn chart (or any SVG the site makes) as a PNG: drawn by librsvg through sharp, from
// the same SVG the page shows and the .svg file serves, so the picture is the same. Used by the
// chart files (/charts/{kind}/{key}.png), link-preview images and the images in mails.
import sharp from '@/server/sharp';

export interface SvgToPngOptions {
  /** Pixels per SVG unit: 2 (the default) for sharp pictures on high-density screens and in mail. */
  scale?: number;
  /** A 256-color palette: about half the bytes, no visible change on a chart's flat colors (the default). */
  palette?: boolean;
}

/** The most pixels an SVG may be drawn to (a 4,000 × 4,000 picture): a bad size never holds a worker for long. */
const MAX_PIXELS = 16_000_000;

/** An SVG document drawn as a PNG, `scale` times its own size. Runs on libvips' thread, never the event loop. */
export async function svgToPng(svg: string, { scale = 2, palette = true }: SvgToPngOptions = {}): Promise<Buffer> {
  if (!(scale > 0 && scale <= 4)) throw new RangeError(`svgToPng: scale ${scale} is outside 0-4`);
  return sharp(Buffer.from(svg), { density: 72 * scale, limitInputPixels: MAX_PIXELS })
    .png({ compressionLevel: 9, palette })
    .toBuffer();
}
