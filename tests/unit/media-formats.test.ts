import { describe, expect, it } from 'vitest';
import sharp from '@/server/sharp';
import { sniffImageFormat } from '@/server/services/media/library';

// What an upload is, by its first bytes, before any image library parses it; and the
// process's sharp, which decodes the four upload formats and the site's own SVG cards only.

const pixels = () => sharp({ create: { width: 16, height: 12, channels: 3, background: '#2a6f97' } });

describe('sniffImageFormat', () => {
  it('knows JPEG, PNG, WebP and AVIF by their first bytes', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'avif'] as const) {
      expect(sniffImageFormat(await pixels().toFormat(format).toBuffer()), format).toBe(format);
    }
  });

  it('knows an AVIF whose major brand is another, by a compatible brand', () => {
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 28]), Buffer.from('ftypmif1\0\0\0\0mif1miafavif')]);
    expect(sniffImageFormat(Buffer.concat([ftyp, Buffer.alloc(32)]))).toBe('avif');
  });

  it('knows nothing else: HEIC, GIF, TIFF, SVG, a program, too few bytes', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(32)]);
    const gif = await pixels().gif().toBuffer();
    const tiff = await pixels().tiff().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    const elf = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]);
    for (const [name, bytes] of Object.entries({ heic, gif, tiff, svg, elf, short: Buffer.from([0xff, 0xd8]), empty: Buffer.alloc(0) })) {
      expect(sniffImageFormat(bytes), name).toBeUndefined();
    }
  });
});

describe("the server's sharp", () => {
  it('reads the upload formats and SVG, and no other format libvips knows', async () => {
    // Writing them needs no loader; reading them would.
    const gif = await pixels().gif().toBuffer();
    const tiff = await pixels().tiff().toBuffer();
    for (const format of ['jpeg', 'png', 'webp', 'avif'] as const) {
      const bytes = await pixels().toFormat(format).toBuffer();
      expect((await sharp(bytes).metadata()).width, format).toBe(16);
    }
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect((await sharp(svg).png().toBuffer()).length).toBeGreaterThan(0);
    for (const [name, bytes] of Object.entries({ gif, tiff })) {
      await expect(sharp(bytes).metadata(), name).rejects.toThrow(/unsupported image format/);
    }
  });
});
