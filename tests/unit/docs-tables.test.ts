// The guides' tables of settings, series, regions and roles are written from the code by
// scripts/docs-tables.ts, and `npm run check` runs it with --check: this runs that command on the
// repository (current) and on a copy of the guides with one cell changed (stale, named).
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const copy = mkdtempSync(join(tmpdir(), 'docs-tables-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** Runs the generator as `npm run check` / `npm run docs:tables` do, with any other arguments. */
function generator(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', './scripts/aliases.mjs', 'scripts/docs-tables.ts', ...args],
      { cwd: ROOT, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('the generated docs tables', () => {
  it('are current in the repository', { timeout: 120_000 }, async () => {
    const run = await generator('--check');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it(
    'fail the check when a cell no longer says what the catalog does, naming the table and the fix; writing repairs it',
    { timeout: 120_000 },
    async () => {
      cpSync(join(ROOT, 'docs'), copy, { recursive: true });
      const file = join(copy, 'market-data.md');
      const text = readFileSync(file, 'utf8');
      const row = text.split('\n').find((line) => line.startsWith('| Brent Crude Oil '));
      expect(row, 'the Brent row of the market series table').toBeDefined();
      writeFileSync(file, text.replace(row!, row!.replace('`RBRTE`', '`RBRTX`')));

      const stale = await generator('--check', '--docs', copy);
      expect(stale.code).toBe(1);
      expect(stale.stderr).toContain('market-data.md: the market-series table');
      expect(stale.stderr).toContain('npm run docs:tables');
      expect(stale.stderr).not.toContain('grid-regions');
      expect(stale.stderr).not.toContain('settings');
      expect(readFileSync(file, 'utf8')).toContain('`RBRTX`');

      const write = await generator('--docs', copy);
      expect(write.code).toBe(0);
      expect(readFileSync(file, 'utf8')).toBe(text);
      expect((await generator('--check', '--docs', copy)).code).toBe(0);
    },
  );
});
