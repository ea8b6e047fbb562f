import sharp from 'sharp';

/**
 * The libvips loaders this site ever needs, each reading from memory: the four formats an
 * upload may be (JPEG, PNG, WebP, and AVIF through libheif) and SVG, which only the site's
 * own drawings use: Open Graph cards, chart files and mail charts (an SVG upload is refused by
 * its first bytes before sharp sees it).
 */
const LOADERS = [
  'VipsForeignLoadJpegBuffer',
  'VipsForeignLoadPngBuffer',
  'VipsForeignLoadWebpBuffer',
  'VipsForeignLoadHeifBuffer',
  'VipsForeignLoadSvgBuffer',
];

// Every other loader (TIFF, GIF, PDF, JPEG XL, RAW, FITS, Matlab, …: parsers no upload needs,
// each a way in) is blocked for the whole process, whoever calls sharp.
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({ operation: LOADERS });
// One libvips worker thread per image, so an upload being resized holds one core and one
// thread's buffers, not every core's, beside the requests the process serves; and no cache of
// decoded images, which would keep an upload's pixels in memory after it is stored.
sharp.concurrency(1);
sharp.cache(false);

/** sharp, restricted to the loaders above: the only way server code uses it. */
export default sharp;
