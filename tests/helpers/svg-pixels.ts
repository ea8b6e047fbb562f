// Where a colour is drawn in an SVG rendered by librsvg (through sharp, as a design tool or a PNG
// download would draw it), or in a PNG: the tests of the server's charts and chart images find
// their plotted marks with it.
import sharp from 'sharp';

/** How many pixels of the picture (an SVG's text or a PNG; above `aboveY`) are within `tolerance` of `hex` in every channel, and where. */
export async function pixelsOf(
  picture: string | Buffer,
  hex: string,
  tolerance = 24,
  aboveY = Infinity,
): Promise<{ count: number; minX: number; maxX: number; minY: number; maxY: number }> {
  const { data, info } = await sharp(typeof picture === 'string' ? Buffer.from(picture) : picture)
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  let count = 0;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.floor(i / info.channels / info.width) >= aboveY) break;
    if (Math.abs(data[i]! - r) <= tolerance && Math.abs(data[i + 1]! - g) <= tolerance && Math.abs(data[i + 2]! - b) <= tolerance) {
      count++;
      const p = i / info.channels;
      const x = p % info.width;
      const y = Math.floor(p / info.width);
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  return { count, minX, maxX, minY, maxY };
}
