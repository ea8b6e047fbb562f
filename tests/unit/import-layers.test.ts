// No module of src imports from a layer above its own: the domains' services sit on content
// changes, the admin list kit, the cache and the queries, and under the site's pages, feeds, API document
// and jobs (scripts/import-layers.ts says the layers). `npm run check` runs this check too.
import { describe, expect, it } from 'vitest';
import { importCycles, importsOf, layerOf, layerViolations, LAYERS } from '../../scripts/import-layers.ts';

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

  it('finds no modules that import each other in a loop, type imports included', () => {
    expect(importCycles()).toEqual([]);
  });

  it('can fail: a knot of four domain modules, a loop of types and a module importing itself are each named once, by their shortest loop from the first module', () => {
    expect(
      importCycles([
        {
          path: 'src/server/services/mail/outbox.ts',
          text: "import { composeReaderMail } from '@/server/services/newsletter/reader-links';\nimport { composeLinkMail } from '@/server/services/staff/link-mail';",
        },
        { path: 'src/server/services/staff/link-mail.ts', text: "import type { MailMessage } from '@/server/services/mail/outbox';" },
        {
          path: 'src/server/services/newsletter/reader-links.ts',
          text: "import { manageTokenOf } from '@/server/services/newsletter/subscriptions';",
        },
        {
          path: 'src/server/services/newsletter/subscriptions.ts',
          text: "import { enqueueMail } from '@/server/services/mail/outbox';\nimport { fingerprint } from '@/server/secret-box';",
        },
        { path: 'src/server/secret-box.ts', text: "import { appConfig } from '@/server/config';" },
        { path: 'src/lib/a.ts', text: "import type { B } from '@/lib/b';" },
        { path: 'src/lib/b.tsx', text: "import type { A } from '@/lib/a';" },
        { path: 'src/lib/c/index.ts', text: "export { c } from '@/lib/c';" },
      ]),
    ).toEqual([
      'src/lib/a -> src/lib/b -> src/lib/a',
      'src/lib/c/index -> src/lib/c/index',
      'src/server/services/mail/outbox -> src/server/services/staff/link-mail -> src/server/services/mail/outbox (tied in the same knot: src/server/services/newsletter/reader-links, src/server/services/newsletter/subscriptions)',
    ]);
  });
});
