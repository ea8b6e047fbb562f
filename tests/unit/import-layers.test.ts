// No module of src imports from a layer above its own: the domains' services sit on content
// changes, the admin list kit, the cache and the queries, and under the site's pages, feeds, API document
// and jobs (scripts/import-layers.ts says the layers). `npm run check` runs this check too.
import { describe, expect, it } from 'vitest';
import { importsOf, layerOf, layerViolations, LAYERS } from '../../scripts/import-layers.ts';

describe('the layers of src', () => {
  it('finds no import that runs up the layers', () => {
    expect(layerViolations()).toEqual([]);
  });

  it('puts content changes and the admin list kit under the domains, and the site over them', () => {
    const domains = LAYERS.findIndex((l) => l.name === 'domains');
    expect(layerOf('src/server/content-changes.ts')).toBeLessThan(domains);
    expect(layerOf('src/server/admin-lists.ts')).toBeLessThan(domains);
    expect(layerOf('src/server/cache/page-cache.ts')).toBeLessThan(domains);
    expect(layerOf('src/server/services/states/states.ts')).toBe(domains);
    expect(layerOf('src/server/services/site/pages.ts')).toBeGreaterThan(domains);
    expect(layerOf('src/pages/index.astro')).toBeGreaterThan(layerOf('src/server/services/site/pages.ts') ?? Infinity);
  });

  it('reads static, type, dynamic and re-exporting imports through both aliases', () => {
    const text = [
      "import { a } from '@/server/x';",
      "import type { B } from '@db/catalog/grid';",
      "const c = await import('@/lib/y');",
      "export { d } from '@/server/services/z/z';",
      "import 'node:fs';",
    ].join('\n');
    expect(importsOf(text).sort()).toEqual(['db/catalog/grid', 'src/lib/y', 'src/server/services/z/z', 'src/server/x']);
  });

  it('can fail: a domain importing the site, and the cache importing a domain, are named', () => {
    expect(
      layerViolations([
        { path: 'src/server/services/grid/grid.ts', text: "import { getHomePageData } from '@/server/services/site/pages';" },
        { path: 'src/server/cache/tags.ts', text: "import type { StateCharts } from '@/server/services/states/states';" },
        { path: 'src/server/services/site/pages.ts', text: "import { getGridPage } from '@/server/services/grid/grid';" },
      ]),
    ).toEqual([
      `src/server/services/grid/grid.ts -> src/server/services/site/pages (domains imports ${LAYERS[3]?.name})`,
      `src/server/cache/tags.ts -> src/server/services/states/states (${LAYERS[1]?.name} imports domains)`,
    ]);
  });
});
