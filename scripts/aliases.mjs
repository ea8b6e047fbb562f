// @ts-check
// Resolves the project's import aliases when Node runs TypeScript directly (scripts, the
// production server, tests): `@/x` is `src/x`, `@db/x` is `db/x`, as in tsconfig.json.
// Astro and Vitest resolve the same aliases from their own configuration.
// Load it before any aliased module: `node --import ./scripts/aliases.mjs file.ts`.
import { statSync } from 'node:fs';
import { registerHooks } from 'node:module';

const root = new URL('..', import.meta.url);
/** @type {{ prefix: string, base: URL }[]} */
const ALIASES = [
  { prefix: '@/', base: new URL('src/', root) },
  { prefix: '@db/', base: new URL('db/', root) },
];
const SUFFIXES = ['', '.ts', '.tsx', '/index.ts'];

/** @param {URL} url */
const isFile = (url) => statSync(url, { throwIfNoEntry: false })?.isFile() ?? false;

registerHooks({
  resolve(specifier, context, nextResolve) {
    for (const { prefix, base } of ALIASES) {
      if (!specifier.startsWith(prefix)) continue;
      const target = new URL(specifier.slice(prefix.length), base).href;
      const found = SUFFIXES.map((suffix) => new URL(target + suffix)).find(isFile);
      return nextResolve(found?.href ?? target, context);
    }
    // Extension-less relative imports between the project's own TypeScript modules.
    if (specifier.startsWith('.') && context.parentURL?.startsWith(root.href) && !context.parentURL.includes('/node_modules/')) {
      const target = new URL(specifier, context.parentURL).href;
      if (!isFile(new URL(target))) {
        const found = SUFFIXES.map((suffix) => new URL(target + suffix)).find(isFile);
        if (found) return nextResolve(found.href, context);
      }
    }
    return nextResolve(specifier, context);
  },
});
