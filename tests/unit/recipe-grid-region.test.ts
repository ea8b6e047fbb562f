// docs/contributing.md's "How to add a grid region", done in a copy of the tree: the catalog
// entry alone does not type-check until the seed has the region's profile; with both, the hourly
// import asks EIA for the region, the sample week holds it and the Lower 48 sums it, the API
// document and the 404 name it, the pages' sentences count it, and the guides' table is stale
// until `npm run docs:tables` writes its row. (EXMP is an example, not one of EIA's regions:
// EIA-930's thirteen are all in the catalog.)
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const copy = mkdtempSync(join(tmpdir(), 'recipe-grid-region-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

for (const dir of ['db', 'src', 'scripts', 'docs']) cpSync(join(ROOT, dir), join(copy, dir), { recursive: true });
for (const file of ['package.json', 'tsconfig.json', '.prettierrc.json', '.prettierignore']) cpSync(join(ROOT, file), join(copy, file));
symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(copy, 'node_modules'));
// Type-checks only what the recipe touches (and what it imports), not the whole tree.
writeFileSync(
  join(copy, 'tsconfig.recipe.json'),
  JSON.stringify({ extends: './tsconfig.json', include: ['db/seed/grid-model.ts', 'db/catalog/*.ts'] }),
);

/** Runs Node in the copy; answers its exit code and output. */
function run(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: copy, timeout: 170_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

/** Replaces `anchor` in a file of the copy with `text`; fails when the anchor is gone (the recipe no longer matches the code). */
function edit(file: string, anchor: string, text: string): void {
  const path = join(copy, file);
  const before = readFileSync(path, 'utf8');
  expect(before, `${file} holds ${anchor}`).toContain(anchor);
  writeFileSync(path, before.replace(anchor, text));
}

const typeCheck = () => run(['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.recipe.json']);
const docsTables = (...args: string[]) => run(['--import', './scripts/aliases.mjs', 'scripts/docs-tables.ts', ...args]);

const REGION = `  {
    code: 'EXMP',
    name: 'Example',
    shortName: 'the Example region',
    timeZone: 'America/Denver',
    zoneAbbr: 'MT',
    zoneName: 'Mountain Time',
    description: 'An example region of the recipe.',
  },
] as const satisfies readonly GridRegion[];`;

describe('How to add a grid region (docs/contributing.md), done in a copy of the tree', () => {
  it('1. the catalog entry: the seed does not type-check until it has the region profile', { timeout: 180_000 }, async () => {
    edit('db/catalog/grid.ts', '] as const satisfies readonly GridRegion[];', REGION);
    const checked = await typeCheck();
    expect(checked.code).not.toBe(0);
    expect(checked.out).toContain('db/seed/grid-model.ts');
    expect(checked.out).toContain('EXMP');
  });

  it('2. the seed profile: then the tree type-checks', { timeout: 180_000 }, async () => {
    edit(
      'db/seed/grid-model.ts',
      'RegionProfile> = {\n',
      'RegionProfile> = {\n  EXMP: { demand: 9_000, interchange: 500, shares: { COL: 0.2, WND: 0.3, SUN: 0.1 } },\n',
    );
    const checked = await typeCheck();
    expect(checked.out).toBe('');
    expect(checked.code).toBe(0);
  });

  it('the import, the sample week, the API document, the 404 and the pages take the region from the catalog', { timeout: 180_000 }, async () => {
    writeFileSync(
      join(copy, 'probe.ts'),
      `
      const { EIA_GRID_REGION_DATA, EIA_GRID_FUEL_DATA } = await import('@/server/services/grid/import');
      const { sampleGridWeek } = await import('@db/seed/grid-model');
      const { openApiDocument } = await import('@/server/openapi');
      const { messages } = await import('@/server/errors');
      const { GRID_REGIONS_PHRASE } = await import('@db/catalog/grid');
      const { gridRegionOf, gridPagePath } = await import('@/lib/grid-format');
      const week = sampleGridWeek(new Date('2026-07-14T12:00:00Z'));
      const at = week.hours.find((h) => h.respondent === 'EXMP')?.period.getTime();
      const sumOf = (code) => week.hours.filter((h) => h.period.getTime() === at && (code ? h.respondent === code : h.respondent !== 'US48')).reduce((s, h) => s + (h.demand ?? 0), 0);
      const doc = openApiDocument('https://example.test');
      console.log(JSON.stringify({
        regionData: EIA_GRID_REGION_DATA.facets.respondent,
        fuelData: EIA_GRID_FUEL_DATA.facets.respondent,
        sampleHours: week.hours.filter((h) => h.respondent === 'EXMP').length,
        sampleFuels: [...new Set(week.fuels.filter((f) => f.respondent === 'EXMP').map((f) => f.fuel))].sort(),
        lower48IsTheSum: sumOf('US48') === sumOf(undefined),
        apiDocument: JSON.stringify(doc.paths['/api/grid/{region}']),
        notFound: messages.gridRegionNotFound,
        phrase: GRID_REGIONS_PHRASE,
        page: gridRegionOf('exmp')?.name,
        path: gridPagePath('EXMP'),
      }));
      `,
    );
    const probe = await run(['--import', './scripts/aliases.mjs', 'probe.ts']);
    expect(probe.code, probe.out).toBe(0);
    const seen = JSON.parse(probe.out.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(seen['regionData']).toContain('EXMP');
    expect(seen['fuelData']).toContain('EXMP');
    expect(seen['sampleHours']).toBeGreaterThan(168);
    expect(seen['sampleFuels']).toEqual(['COL', 'NG', 'SUN', 'WND']);
    expect(seen['lower48IsTheSum']).toBe(true);
    expect(seen['apiDocument']).toContain('EXMP');
    expect(seen['notFound']).toBe(
      'Grid region not found: use US48 or one of EIA’s 14 region codes (CAL, CAR, CENT, FLA, MIDA, MIDW, NE, NY, NW, SE, SW, TEN, TEX, EXMP)',
    );
    expect(seen['phrase']).toBe('EIA’s 14 regions');
    expect(seen['page']).toBe('Example');
    expect(seen['path']).toBe('/grid/EXMP');
  });

  it('the guides\u2019 table of regions is stale until `npm run docs:tables` writes its row', { timeout: 180_000 }, async () => {
    const stale = await docsTables('--check');
    expect(stale.code).toBe(1);
    expect(stale.out).toContain('docs/market-data.md: the grid-regions table');
    expect((await docsTables()).code).toBe(0);
    expect(readFileSync(join(copy, 'docs/market-data.md'), 'utf8')).toMatch(/\| `EXMP` +\| Example +\| Mountain Time \(`America\/Denver`\) +\|/);
    expect((await docsTables('--check')).code).toBe(0);
  });
});
