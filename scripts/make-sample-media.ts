// `npm run media:samples`: makes the media library's copies of the sample illustrations
// (public/images/articles/{name}.jpg) with the library's own encoder, into db/seed/media, where
// the start-up takes them from. Run it after changing an illustration or the library's encoding.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import { seedImages, seedImageUrl, type SeedImage } from '@db/seed/articles-data';
import { SAMPLE_MEDIA_DIR, type SampleMediaEntry } from '@db/seed/sample-media';
import { encodeImage } from '@/server/services/media/library';

const publicDir = new URL('../public/', import.meta.url);
const month = new Date().toISOString().slice(0, 7).replace('-', '/');
const manifest: Partial<Record<SeedImage, SampleMediaEntry>> = {};
rmSync(SAMPLE_MEDIA_DIR, { recursive: true, force: true });
for (const name of Object.keys(seedImages) as SeedImage[]) {
  const source = readFileSync(new URL(`.${seedImageUrl(name)}`, publicDir));
  const image = await encodeImage(source);
  // Library files are cached for a year under their key: new copies get a new key.
  const hash = createHash('sha256');
  for (const file of image.files) hash.update(file.data);
  const folder = new URL(`${name}/`, SAMPLE_MEDIA_DIR);
  mkdirSync(folder, { recursive: true });
  for (const file of image.files) writeFileSync(new URL(file.name, folder), file.data);
  manifest[name] = {
    key: `${month}/${hash.digest('hex').slice(0, 12)}`,
    source: createHash('sha256').update(source).digest('hex'),
    format: image.format,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
    variants: image.variants,
  };
  console.log(`${name}: ${image.files.map((f) => `${f.name} ${Math.round(f.data.length / 1024)} KB`).join(', ')}`);
}
const path = fileURLToPath(new URL('manifest.json', SAMPLE_MEDIA_DIR));
writeFileSync(path, await format(JSON.stringify(manifest), { parser: 'json' }));
console.log(`Wrote ${path}`);
