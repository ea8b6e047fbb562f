// Fails when a module of src imports from a layer above its own (`npm run check` runs it; so does
// tests/unit/import-layers.test.ts). The layers, from the bottom up, are LAYERS below: a module
// may import its own layer and any under it, never one above. The domains' services
// (src/server/services/<domain>) may use each other; what every domain uses (content changes,
// the admin list kit, the cache, the queries) sits under them, and what shows the domains
// together (the site's pages, feeds and sitemap; the API document; the jobs) over them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each layer, lowest first, with the path prefixes of its modules (the longest matching prefix decides). */
export const LAYERS: readonly { name: string; paths: readonly string[] }[] = [
  { name: 'shared (isomorphic code, catalogs, database)', paths: ['db/', 'src/lib/', 'src/stores/'] },
  {
    name: 'server base (settings, errors, queries, integrations, auth, cache, rate limits, content changes, admin kit)',
    paths: ['src/server/', 'src/server/services/rate-limits/'],
  },
  { name: 'domains', paths: ['src/server/services/'] },
  {
    name: 'site (pages, feeds, sitemap, the API document, jobs)',
    paths: ['src/server/services/site/', 'src/server/openapi.ts', 'src/server/api-docs-view.ts', 'src/server/jobs/'],
  },
  {
    name: 'front (routes, components, the HTTP front)',
    paths: ['src/pages/', 'src/components/', 'src/layouts/', 'src/middleware.ts', 'src/server/front/', 'src/directives/'],
  },
];

/** The index in LAYERS of a path of the tree, or undefined for a path no layer holds. */
export function layerOf(path: string): number | undefined {
  let best: { layer: number; length: number } | undefined;
  LAYERS.forEach((layer, i) => {
    for (const prefix of layer.paths)
      if ((path === prefix || path.startsWith(prefix)) && (!best || prefix.length > best.length)) best = { layer: i, length: prefix.length };
  });
  return best?.layer;
}

const root = fileURLToPath(new URL('..', import.meta.url));

/** Every module under src, with its text. */
function sourceFiles(): { path: string; text: string }[] {
  const dir = join(root, 'src');
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => /\.(ts|tsx|astro|mjs|js)$/.test(f))
    .map((f) => ({ path: relative(root, join(dir, f)).replace(/\\/g, '/'), text: readFileSync(join(dir, f), 'utf8') }));
}

/** The aliased modules a file imports (static, dynamic and re-exports), as paths of the tree without extension. */
export function importsOf(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](@\/|@db\/)([^'"]+)['"]/g)) {
    const [, alias, rest] = match;
    found.add(`${alias === '@/' ? 'src/' : 'db/'}${rest}`);
  }
  return [...found];
}

/** `importer -> imported (layer -> layer)` of each import that runs up the layers. */
export function layerViolations(files: { path: string; text: string }[] = sourceFiles()): string[] {
  return files.flatMap(({ path, text }) => {
    const own = layerOf(path);
    if (own === undefined) return [];
    return importsOf(text).flatMap((target) => {
      const theirs = layerOf(target);
      return theirs !== undefined && theirs > own ? [`${path} -> ${target} (${LAYERS[own]?.name} imports ${LAYERS[theirs]?.name})`] : [];
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const up = layerViolations();
  if (up.length > 0) {
    console.error(`Imports that run up the layers (scripts/import-layers.ts):\n${up.join('\n')}`);
    process.exit(1);
  }
}
