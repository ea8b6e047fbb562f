import type { Database } from '@db/client';
import { growDatabase, type ScaleOptions } from '@db/seed/scale';
import { planRecorder } from './query-plans.ts';
import type { TestServer } from './test-server.ts';

/**
 * A plan recorder (as `planRecorder`) on a seeded suite database (`useMigratedDatabase`) that the
 * scale seed grows with `grow` at the first call; later calls find it grown.
 */
export function grownPlanRecorder(database: Database, grow: Omit<ScaleOptions, 'path'>): () => Promise<ReturnType<typeof planRecorder>> {
  let grown = false;
  return async () => {
    const list = await database.client.execute('PRAGMA database_list');
    const path = list.rows[0]?.['file'] as string;
    if (!grown) growDatabase({ path, ...grow });
    grown = true;
    return planRecorder({ databaseUrl: `file:${path}` } as TestServer);
  };
}
