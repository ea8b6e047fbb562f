import { randomBytes } from 'node:crypto';
import type { Metadata, OutputInfo, Sharp } from 'sharp';
import type { AdminPage } from '@/lib/wire/common';
import type { MediaItem } from '@/lib/wire/media';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_COUNT_CAP } from '@/lib/validation/admin-lists';
import { adminOffsetOf, adminPage } from '@/server/admin-lists';
import type { MediaDetails, MediaListQuery } from '@/lib/validation/media';
import { can } from '@/lib/staff/permissions';
import type { SessionUser } from '@/server/auth/session';
import { appConfig } from '@/server/config';
import { ForbiddenError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError, messages } from '@/server/errors';
import { mediaStorage } from '@/server/media-storage';
import { countMedia, deleteMediaRow, getMedia, insertMedia, listMedia, updateMediaDetails, type MediaRow } from '@/server/queries/media';
import sharp from '@/server/sharp';

/** Widths of the resized copies (each no wider than the original). */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
/**
 * Larger images are refused before they are decoded (a small file can unpack to gigabytes:
 * 49 megapixels of one color fit in 150 KB of PNG). 26 megapixels take the photos a newsroom
 * publishes as they come: phones (12 MP, 24 on the newest by default), 24 MP camera bodies
 * (6000×4000) and 26 MP ones (6240×4160), agency pictures. Readers never get more than 1600
 * pixels' width, so a larger file (a 45 MP camera original, a phone's 48 MP mode) is exported
 * smaller first. What an upload at the cap costs a web process while it is re-encoded is
 * bounded by it: about 250 MB for a JPEG, 600 MB for a WebP (its encoder holds the whole image).
 */
export const MAX_PIXELS = 26_000_000;
/** Where the files are served: `/media/{key}/{file}`. */
export const MEDIA_PATH = '/media';

type Format = MediaRow['format'];

const EXTENSION: Record<Format, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };
const CONTENT_TYPE: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' };

/** The content type of a stored file, by its extension; undefined for anything else. */
export function mediaContentType(file: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/.exec(file)?.[1];
  return extension ? CONTENT_TYPE[extension] : undefined;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * What an upload's first bytes say it is: one of the four formats, else undefined, and then
 * no image library ever parses it. AVIF is an ISO media file whose `ftyp` box names AVIF's
 * brand (major or compatible); HEIC and other such files name others.
 */
export function sniffImageFormat(bytes: Buffer): Format | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 1024);
    const brands = [bytes.toString('latin1', 8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(bytes.toString('latin1', at, at + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return undefined;
}

/** What the file really is, read from its header by the loader its first bytes chose: one of the four formats, else undefined. */
function formatOf(metadata: Metadata): Format | undefined {
  if (metadata.format === 'jpeg' || metadata.format === 'png' || metadata.format === 'webp') return metadata.format;
  if (metadata.format === 'heif' && metadata.compression === 'av1') return 'avif';
  return undefined;
}

/** Encodes a pipeline in a format, at the quality the site serves. */
function encode(pipeline: Sharp, format: Format): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 88, mozjpeg: true });
    case 'png':
      return pipeline.png({ compressionLevel: 9 });
    case 'webp':
      return pipeline.webp({ quality: 82 });
    case 'avif':
      return pipeline.avif({ quality: 60, effort: 2 });
  }
}

const originalFile = (format: Format) => `original.${EXTENSION[format]}`;

/** The address of an image's stored original: `/media/{key}/original.{ext}`. */
export const originalUrl = (key: string, format: Format) => `${MEDIA_PATH}/${key}/${originalFile(format)}`;

/** The files of an image in the storage, relative to its key. */
function filesOf(row: Pick<MediaRow, 'format' | 'variants'>): string[] {
  return [originalFile(row.format), ...row.variants.flatMap((w) => [`${w}.avif`, `${w}.webp`])];
}

export function toMediaItem(row: MediaRow): MediaItem {
  const base = `${MEDIA_PATH}/${row.key}`;
  return {
    id: row.id,
    filename: cleanFilename(row.filename),
    format: row.format,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    alt: row.alt,
    caption: row.caption,
    credit: row.credit,
    createdAt: row.createdAt.toISOString(),
    url: originalUrl(row.key, row.format),
    variants: row.variants.map((width) => ({ width, avif: `${base}/${width}.avif`, webp: `${base}/${width}.webp` })),
  };
}

/**
 * A file name fit to show: no folders; no control or format characters (line breaks, the
 * controls that turn text's direction, which make `photo\u202egpj.exe` read as
 * `photoexe.jpg`, zero-width spaces and joiners, byte-order marks), no line or paragraph
 * separators; at most 200 characters. Applied when a name is stored and when one is shown
 * (names stored before it).
 */
function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '').trim();
  return (clean || 'image').slice(0, 200);
}

/** How every upload is opened: never past MAX_PIXELS, and a damaged file is an error rather than a partial image. */
const UPLOAD_INPUT = { limitInputPixels: MAX_PIXELS, failOn: 'error' } as const;

/**
 * The widths of an image's resized copies: the standard widths below its own, then its own
 * when it is below the largest and no copy comes within a fifth of it, so a `srcset` reaches
 * the image's sharpness (an 800-pixel image gets 480 and 800, never only 480; a 1000-pixel one
 * 480 and 960); a tiny image gets one copy at its width.
 */
export function variantWidths(width: number): number[] {
  const narrower = VARIANT_WIDTHS.filter((w) => w < width);
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] ?? width;
  const closest = narrower.at(-1);
  return width <= largest && (closest === undefined || width > closest * 1.2) ? [...narrower, width] : narrower;
}

/** An image as the library stores it: its files (relative to its key) and what its row records. */
export interface EncodedImage {
  format: Format;
  width: number;
  height: number;
  /** Size of the stored original. */
  bytes: number;
  variants: number[];
  files: { name: string; data: Buffer }[];
}

/**
 * Reads an image and makes the library's files of it. The content decides what it is (JPEG,
 * PNG, WebP or AVIF by its first bytes, then by its header; anything else, whatever its name,
 * is refused before an image library parses it, and an image past MAX_PIXELS before it is
 * decoded); the stored original is decoded and encoded again, so no metadata (location,
 * camera) and nothing appended to the image (a polyglot's script or archive) survives; the
 * resized copies come in AVIF and WebP, from one more decode at the widest copy's size, one
 * encode at a time.
 */
export async function encodeImage(bytes: Buffer): Promise<EncodedImage> {
  const format = sniffImageFormat(bytes);
  if (!format) throw new UnsupportedMediaTypeError(messages.imageUnsupported);
  let metadata: Metadata;
  try {
    // The header only: nothing is decoded yet.
    metadata = await sharp(bytes).metadata();
  } catch {
    throw new UnsupportedMediaTypeError(messages.imageUnsupported);
  }
  if (formatOf(metadata) !== format) throw new UnsupportedMediaTypeError(messages.imageUnsupported);
  if (metadata.width * metadata.height > MAX_PIXELS) throw new PayloadTooLargeError(messages.imageTooManyPixels(MAX_PIXELS / 1_000_000));

  let original: { data: Buffer; info: OutputInfo };
  let copies: { data: Buffer; info: OutputInfo };
  const widths = variantWidths(metadata.autoOrient.width);
  try {
    // Upright (EXIF orientation applied), in its own format.
    original = await encode(sharp(bytes, UPLOAD_INPUT).rotate(), format).toBuffer({ resolveWithObject: true });
    // The widest copy's pixels, which every copy is made from (JPEG and WebP shrink while they decode).
    copies = await sharp(bytes, UPLOAD_INPUT)
      .rotate()
      .resize({ width: Math.max(...widths), withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ValidationError({ file: [messages.imageUnreadable] }, messages.imageUnreadable);
  }
  const files: EncodedImage['files'] = [{ name: originalFile(format), data: original.data }];
  const pixels = { raw: { width: copies.info.width, height: copies.info.height, channels: copies.info.channels } } as const;
  for (const w of widths) {
    const resized = () => sharp(copies.data, pixels).resize({ width: w, withoutEnlargement: true });
    files.push({ name: `${w}.avif`, data: await encode(resized(), 'avif').toBuffer() });
    files.push({ name: `${w}.webp`, data: await encode(resized(), 'webp').toBuffer() });
  }
  return { format, width: original.info.width, height: original.info.height, bytes: original.data.length, variants: widths, files };
}

/** Writes an image's files into the storage under its key (before its row, so a row never names a missing file). */
export async function storeImageFiles(key: string, files: EncodedImage['files']): Promise<void> {
  const store = mediaStorage();
  await Promise.all(files.map((f) => store.put(`${key}/${f.name}`, f.data, mediaContentType(f.name) ?? 'application/octet-stream')));
}

/** A new image's key: the month it came, and 12 random characters. */
function newMediaKey(): string {
  const random = randomBytes(9)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0');
  return `${new Date().toISOString().slice(0, 7).replace('-', '/')}/${random}`;
}

/**
 * Takes an uploaded image into the library (see `encodeImage`). Files are written before the
 * row, so a row never names a missing file.
 */
export async function uploadMedia(bytes: Buffer, filename: string, details: MediaDetails, user: SessionUser): Promise<MediaItem> {
  const maxBytes = appConfig().mediaMaxBytes;
  if (bytes.length > maxBytes) throw new PayloadTooLargeError(messages.imageTooLarge(Math.round(maxBytes / 1024 / 1024)));
  const image = await encodeImage(bytes);
  const key = newMediaKey();
  await storeImageFiles(key, image.files);
  try {
    const row = await insertMedia({
      key,
      filename: cleanFilename(filename),
      format: image.format,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
      variants: image.variants,
      alt: details.alt ?? '',
      caption: details.caption ?? '',
      credit: details.credit ?? '',
      uploadedBy: user.userId,
    });
    return toMediaItem(row);
  } catch (error) {
    await mediaStorage()
      .delete(image.files.map((f) => `${key}/${f.name}`))
      .catch(() => undefined);
    throw error;
  }
}

/** A page of the library, newest first; searches count up to the admin lists' cap. */
export async function listMediaForAdmin(query: MediaListQuery): Promise<AdminPage<MediaItem>> {
  const [rows, counted] = await Promise.all([
    listMedia(query.q, ADMIN_PAGE_SIZE, adminOffsetOf(query.page)),
    countMedia(query.q, ADMIN_SEARCH_COUNT_CAP),
  ]);
  return adminPage(rows.map(toMediaItem), query.page, counted, true);
}

export async function getMediaItem(id: number): Promise<MediaItem> {
  const row = await getMedia(id);
  if (!row) throw new NotFoundError(messages.mediaNotFound);
  return toMediaItem(row);
}

/**
 * A 404 for an image that is not there, a 403 unless the person may change it: editors and
 * owners any image, authors those they uploaded (other writers' lead images are not theirs to
 * reword or remove).
 */
async function assertMayChangeMedia(id: number, user: SessionUser): Promise<void> {
  const row = await getMedia(id);
  if (!row) throw new NotFoundError(messages.mediaNotFound);
  if (!can(user.role, 'manageAllMedia') && row.uploadedBy !== user.userId) throw new ForbiddenError(messages.notYourMedia);
}

/** Changes an image's alt text, caption or credit, if the person may (`assertMayChangeMedia`). */
export async function describeMedia(id: number, details: MediaDetails, user: SessionUser): Promise<MediaItem> {
  await assertMayChangeMedia(id, user);
  const row = await updateMediaDetails(id, details);
  if (!row) throw new NotFoundError(messages.mediaNotFound);
  return toMediaItem(row);
}

/**
 * Removes the image's row, then its files (a file left behind by a failure is harmless; a row
 * without files would not be), if the person may (`assertMayChangeMedia`).
 */
export async function deleteMedia(id: number, user: SessionUser): Promise<void> {
  await assertMayChangeMedia(id, user);
  const row = await deleteMediaRow(id);
  if (!row) throw new NotFoundError(messages.mediaNotFound);
  await mediaStorage().delete(filesOf(row).map((f) => `${row.key}/${f}`));
}

/** A stored file for the public route: its bytes and type, or undefined. */
export async function readMediaFile(path: string): Promise<{ body: Buffer; contentType: string } | undefined> {
  // `yyyy/mm/key/file`: nothing else is ever served from the storage.
  if (!/^\d{4}\/\d{2}\/[a-z0-9]{12}\/(?:original|\d{1,5})\.(?:jpg|png|webp|avif)$/.test(path)) return undefined;
  const contentType = mediaContentType(path);
  if (!contentType) return undefined;
  const body = await mediaStorage().get(path);
  return body ? { body, contentType } : undefined;
}
