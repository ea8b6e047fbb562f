import type { SampleMedia } from '@db/seed/sample-media';
import type { DatabaseAccess } from '@/server/db';
import { replaceLeadImages } from '@/server/queries/articles';
import { getMediaByKeys, insertMedia } from '@/server/queries/media';
import { getSiteState, setSiteState } from '@/server/queries/site-state';
import { logPurge } from '@/server/content-changes';
import { originalUrl, storeImageFiles } from '@/server/services/media/library';

/** Set once the sample illustrations are in the library, so later starts skip the step with one read. */
const INSTALLED = 'sample_images_installed';

/**
 * Puts the sample site's illustrations into the media library, once: their files into the
 * media storage (copies the library's encoder made ahead, see `db/seed/sample-media.ts`), their
 * rows, and every article still showing one as a plain file then shows the library image, so
 * the sample site serves `<picture>` with AVIF and WebP `srcset`s as the product does. Files
 * are written before the rows; the rows, the articles and the mark are one transaction, so a
 * start that fails halfway is repeated whole at the next. Answers how many articles moved.
 */
export async function installSampleImages(samples: readonly SampleMedia[], database: DatabaseAccess): Promise<number> {
  if ((await getSiteState(INSTALLED, database.read)) !== undefined) return 0;
  const stored = new Set(
    (
      await getMediaByKeys(
        samples.map((s) => s.key),
        database.read,
      )
    ).map((row) => row.key),
  );
  const missing = samples.filter((s) => !stored.has(s.key));
  await Promise.all(missing.map((s) => storeImageFiles(s.key, s.files)));
  return database.write(async (tx) => {
    for (const s of missing) {
      await insertMedia(
        {
          key: s.key,
          filename: `${s.name}.jpg`,
          format: s.format,
          width: s.width,
          height: s.height,
          bytes: s.bytes,
          variants: s.variants,
          alt: s.alt,
          caption: '',
          credit: 'Sample illustration',
        },
        tx,
      );
    }
    const moved = await replaceLeadImages(
      samples.map((s) => ({ from: s.legacyUrl, to: originalUrl(s.key, s.format), alt: s.alt })),
      tx,
    );
    await setSiteState(INSTALLED, new Date().toISOString(), tx);
    if (moved > 0) await logPurge([{ kind: 'everything' }], tx);
    return moved;
  });
}
