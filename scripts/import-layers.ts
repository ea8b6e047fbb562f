// Fails when a module of src imports from a layer above its own, or when modules of src import
// each other in a loop (`npm run check` runs it; so does tests/unit/import-layers.test.ts). The layers, from the bottom up, are LAYERS below: a module
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

/**
 * The loops of imports among the modules of src, type imports included (a loop of types still
 * ties the modules to each other: neither can move, or be read, without the other): each knot of
 * modules that import each other through some path (a strongly connected group, Tarjan's) as its
 * shortest loop from its first module by name, `a -> b -> c -> a`, and the knot's other modules.
 */
export function importCycles(files: { path: string; text: string }[] = sourceFiles()): string[] {
  const modules = new Map(files.map((f) => [f.path.replace(/\.(ts|tsx|astro|mjs|js)$/, ''), f.text]));
  const resolve = (target: string) => (modules.has(target) ? target : modules.has(`${target}/index`) ? `${target}/index` : undefined);
  const edges = new Map([...modules].map(([module, text]) => [module, importsOf(text).flatMap((t) => resolve(t) ?? [])]));
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (module: string) => {
    order.set(module, order.size);
    low.set(module, order.get(module) ?? 0);
    stack.push(module);
    for (const next of edges.get(module) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(module, Math.min(low.get(module) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) low.set(module, Math.min(low.get(module) ?? 0, order.get(next) ?? 0));
    }
    if (low.get(module) !== order.get(module)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = member === module ? undefined : stack.pop()) group.push(member);
    if (group.length > 1 || (edges.get(module) ?? []).includes(module)) groups.push(group.sort());
  };
  for (const module of modules.keys()) if (!order.has(module)) visit(module);
  return groups
    .map((group) => {
      // The shortest way from the group's first module back to it, inside the group.
      const [first = ''] = group;
      const cameFrom = new Map<string, string>();
      const queue = [first];
      for (let at = queue.shift(); at !== undefined && !cameFrom.has(first); at = queue.shift())
        for (const next of edges.get(at) ?? [])
          if (group.includes(next) && !cameFrom.has(next)) {
            cameFrom.set(next, at);
            queue.push(next);
          }
      const loop = [first];
      for (let at = cameFrom.get(first); at !== undefined && at !== first; at = cameFrom.get(at)) loop.unshift(at);
      const others = group.filter((module) => !loop.includes(module));
      return `${[first, ...loop].join(' -> ')}${others.length > 0 ? ` (tied in the same knot: ${others.join(', ')})` : ''}`;
    })
    .sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const up = layerViolations();
  if (up.length > 0) {
    console.error(`Imports that run up the layers (scripts/import-layers.ts):\n${up.join('\n')}`);
    process.exit(1);
  }
  const loops = importCycles();
  if (loops.length > 0) {
    console.error(
      `Modules that import each other in a loop (scripts/import-layers.ts; move what they share into a module under them):\n${loops.join('\n')}`,
    );
    process.exit(1);
  }
}
