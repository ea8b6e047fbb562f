import { readFileSync } from 'node:fs';
import { seedImages, seedImageUrl, type SeedImage } from './articles-data.ts';

/**
 * The media library's copies of the sample illustrations, made once by the library's own
 * encoder (`npm run media:samples`) and kept in `db/seed/media/{name}/`, so a first start
 * copies them in milliseconds instead of encoding AVIF for seconds. `manifest.json` records
 * what each image's library row holds.
 */
export interface SampleMediaEntry {
  /** The library key its files are stored under (`yyyy/mm/` and 12 characters of their hash). */
  key: string;
  /** SHA-256 of the source file in `public/images/articles`, to tell when the copies are stale. */
  source: string;
  format: 'jpeg' | 'png' | 'webp' | 'avif';
  width: number;
  height: number;
  /** Size of the stored original. */
  bytes: number;
  variants: number[];
}

/** A sample illustration ready for the library: its row's facts and its files' bytes. */
export interface SampleMedia extends SampleMediaEntry {
  name: SeedImage;
  /** The plain file address a seeded article starts with. */
  legacyUrl: string;
  alt: string;
  files: { name: string; data: Buffer }[];
}

/** The folder of the sample copies and their manifest. */
export const SAMPLE_MEDIA_DIR = new URL('./media/', import.meta.url);

/** The manifest: each sample illustration's library row, by name. */
export function readSampleMediaManifest(): Partial<Record<SeedImage, SampleMediaEntry>> {
  return JSON.parse(readFileSync(new URL('manifest.json', SAMPLE_MEDIA_DIR), 'utf8')) as Partial<Record<SeedImage, SampleMediaEntry>>;
}

/** The files of an image as the library names them: its original, then AVIF and WebP per width. */
export function sampleMediaFileNames(entry: Pick<SampleMediaEntry, 'format' | 'variants'>): string[] {
  const extension = entry.format === 'jpeg' ? 'jpg' : entry.format;
  return [`original.${extension}`, ...entry.variants.flatMap((w) => [`${w}.avif`, `${w}.webp`])];
}

/** Every sample illustration with its files, read from `db/seed/media`. */
export function loadSampleMedia(): SampleMedia[] {
  const manifest = readSampleMediaManifest();
  return (Object.keys(seedImages) as SeedImage[]).map((name) => {
    const entry = manifest[name];
    if (!entry) throw new Error(`db/seed/media has no copies of ${name}: run npm run media:samples`);
    return {
      ...entry,
      name,
      legacyUrl: seedImageUrl(name),
      alt: seedImages[name],
      files: sampleMediaFileNames(entry).map((file) => ({ name: file, data: readFileSync(new URL(`${name}/${file}`, SAMPLE_MEDIA_DIR)) })),
    };
  });
}
