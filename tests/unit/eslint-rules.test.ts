import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own ESLint configuration, run on small snippets placed (by name) in each layer.
// Only the layer rule runs, without type information, so each check is quick.
const eslint = new ESLint({
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

/** The layer rule's messages on a module at `filePath` that imports `name` from `from` (and exports it, so it is used). */
const importErrors = (filePath: string, name: string, from: string) =>
  layerErrors(filePath, `import { ${name} } from '${from}';\nexport const x = ${name};\n`);

describe('the lint rules that keep the layers apart', () => {
  it('keep drizzle and the shared handle out of services and routes', async () => {
    expect(await importErrors('src/server/services/fixture.ts', 'eq', 'drizzle-orm')).toHaveLength(1);
    expect(await importErrors('src/server/services/fixture.ts', 'db', '@/server/db')).toHaveLength(1);
    expect(await importErrors('src/pages/api/fixture.ts', 'articles', '@db/schema')).toHaveLength(1);
    expect(await importErrors('src/pages/api/fixture.ts', 'createClient', '@libsql/client')).toHaveLength(1);
  });

  it('keep SQL out of the HTTP front, integrations, jobs and the root server modules too', async () => {
    for (const file of ['src/server/front/fixture.ts', 'src/server/integrations/fixture.ts', 'src/server/jobs/fixture.ts', 'src/server/fixture.ts']) {
      expect(await importErrors(file, 'sql', 'drizzle-orm')).toHaveLength(1);
      expect(await importErrors(file, 'articles', '@db/schema')).toHaveLength(1);
    }
    // What of db/ holds no SQL stays usable: the cluster's write lock, the commit stamp.
    expect(await importErrors('src/server/front/fixture.ts', 'serveClusterWriteLock', '@db/cluster-write-lock')).toEqual([]);
  });

  it('let services and routes call queries, run transactions and name schema types', async () => {
    const code = [
      "import { writeTransaction, type Executor } from '@/server/db';",
      "import type { articles } from '@db/schema';",
      "import { listArticles } from '@/server/queries/articles';",
      'export type Row = typeof articles.$inferSelect;',
      'export const run = (fn: (tx: Executor) => Promise<void>) => writeTransaction(fn);',
      'export const list = listArticles;',
    ].join('\n');
    expect(await layerErrors('src/server/services/fixture.ts', code)).toEqual([]);
    expect(
      await layerErrors(
        'src/server/queries/fixture.ts',
        "import { eq } from 'drizzle-orm';\nimport { db } from '@/server/db';\nexport const x = [eq, db];\n",
      ),
    ).toEqual([]);
  });

  it('keep db/ free of the app', async () => {
    expect(await importErrors('db/seed/fixture.ts', 'htmlToText', '@/server/html')).toHaveLength(1);
    expect(await importErrors('db/seed/fixture.ts', 'SITE_NAME', '../../src/lib/site.ts')).toHaveLength(1);
    expect(await importErrors('db/seed/fixture.ts', 'articles', '../schema/index.ts')).toEqual([]);
  });

  it('keep server code out of islands and isomorphic modules, the shared constants and catalogs aside', async () => {
    expect(await importErrors('src/components/fixture.tsx', 'db', '@/server/db')).toHaveLength(1);
    expect(await importErrors('src/lib/fixture.ts', 'loadConfig', '@/server/config')).toHaveLength(1);
    expect(await importErrors('src/lib/fixture.ts', 'articles', '@db/schema')).toHaveLength(1);
    expect(await importErrors('src/lib/fixture.ts', 'GENERATION_FUELS', '@db/constants')).toEqual([]);
    expect(await importErrors('src/components/fixture.tsx', 'MARKET_SERIES', '@db/catalog/market-series')).toEqual([]);
    expect(await importErrors('src/components/fixture.tsx', 'seedDatabase', '@db/seed')).toHaveLength(1);
  });

  it('bring zod into islands and schemas only through the mini, jitless entry', async () => {
    expect(await layerErrors('src/lib/validation/fixture.ts', "import { z } from 'zod';\nexport const x = z.string();\n")).toHaveLength(1);
    expect(await layerErrors('src/components/fixture.tsx', "import * as z from 'zod/mini';\nexport const x = z.string();\n")).toHaveLength(1);
    expect(await layerErrors('src/lib/validation/fixture.ts', "import * as z from './zod-mini';\nexport const x = z.string();\n")).toEqual([]);
    expect(await layerErrors('src/components/fixture.tsx', "import type { z } from 'zod';\nexport type X = z.ZodType;\n")).toEqual([]);
  });

  it('keep one import style in src/: the alias, never a relative path', async () => {
    const styleLint = new ESLint({
      overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
      ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
    });
    const errors = async (filePath: string, code: string) => {
      const [result] = await styleLint.lintText(code, { filePath });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax');
    };
    expect(await errors('src/lib/fixture.ts', "import { cn } from './utils';\nexport const x = cn;\n")).toHaveLength(1);
    expect(await errors('src/components/fixture.tsx', "export const load = () => import('../lib/utils');\n")).toHaveLength(1);
    expect(await errors('src/lib/fixture.ts', "import { cn } from '@/lib/utils';\nexport const x = cn;\n")).toEqual([]);
  });
});
