// The guides (README.md, docs/*.md) point a newcomer at files and names of the code, the
// "How to add…" recipes of docs/contributing.md above all: every path they quote (`src/…`,
// `db/…`, `tests/…`, `scripts/…`, `docs/…`) is a file or folder of the tree, and every name they
// quote (`adminList`, `GRID_REGIONS`) is in the code, so a recipe cannot send anyone to a helper
// that was renamed or removed (as the README's `requireAdmin` once did).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GUIDES = ['README.md', ...readdirSync(join(ROOT, 'docs')).flatMap((f) => (f.endsWith('.md') ? [`docs/${f}`] : []))];

/** The paths and the code names a guide quotes in backticks (a path with a placeholder, `<entity>` or `{kind}`, is left out). */
export function quotedReferences(text: string): { paths: string[]; names: string[] } {
  const paths = new Set<string>();
  const names = new Set<string>();
  for (const [, span = ''] of text.matchAll(/`([^`\n]+)`/g)) {
    const path = /^((?:src|db|tests|scripts|docs)\/[\w.\-/[\]<>{}]+)/.exec(span)?.[1];
    if (path) {
      if (!/[<{]/.test(path)) paths.add(path.replace(/\/$/, ''));
      continue;
    }
    for (const [name = ''] of span.matchAll(/\b(?:[a-z]+[A-Z]\w*|[A-Z][A-Z0-9]*_[A-Z0-9_]+)\b/g)) names.add(name);
  }
  return { paths: [...paths], names: [...names] };
}

/** Every source text of the tree (tracked and new files) but this test's own, once. */
const code = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src', 'db', 'tests', 'scripts'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|astro|mjs)$/.test(f) && f !== 'tests/unit/docs-references.test.ts' && existsSync(join(ROOT, f)))
  .map((f) => readFileSync(join(ROOT, f), 'utf8'))
  .join('\n');

/** Whether the code has a name (one ending in `_` is a prefix: `MEDIA_S3_`). */
const inCode = (name: string) => new RegExp(name.endsWith('_') ? `\\b${name}` : `\\b${name}\\b`).test(code);

describe('the guides’ references to the code', () => {
  it.each(GUIDES)('%s quotes only paths of the tree and names of the code', (guide) => {
    const { paths, names } = quotedReferences(readFileSync(join(ROOT, guide), 'utf8'));
    expect(paths.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
    expect(names.filter((n) => !inCode(n))).toEqual([]);
  });

  it('reads the recipes: docs/contributing.md quotes the files and names its recipes take', () => {
    const { paths, names } = quotedReferences(readFileSync(join(ROOT, 'docs/contributing.md'), 'utf8'));
    expect(paths).toEqual(expect.arrayContaining(['db/catalog/grid.ts', 'db/seed/grid-model.ts', 'src/server/auth/route-permissions.ts']));
    expect(names).toEqual(expect.arrayContaining(['GRID_REGIONS', 'STATE_METRICS', 'adminList']));
  });

  it('can fail: a removed helper and a missing file are named', () => {
    const { paths, names } = quotedReferences(
      'Guard it with `requireAdmin(ctx)` from `src/server/auth/admin.ts`; list it in `src/pages/api/admin/<entity>.ts`.',
    );
    expect(paths).toEqual(['src/server/auth/admin.ts']);
    expect(names).toEqual(['requireAdmin']);
    expect(paths.filter((p) => !existsSync(join(ROOT, p)))).toEqual(['src/server/auth/admin.ts']);
    expect(names.filter((n) => !inCode(n))).toEqual(['requireAdmin']);
  });
});
